/** A message forwarded whole: whose it was and when they sent it, read from the header block a mail client writes. */
import { parseDateHeader } from "./mime";

/** The header block a mail client writes above a message it forwards. */
const FORWARDED_BLOCK =
  /^(?:-{2,}\s*(?:forwarded message|original message|weitergeleitete nachricht|message transf[ée]r[ée]|mensaje reenviado|mensagem encaminhada)\s*-{2,}|begin forwarded message:)\s*\n((?:[a-z][a-z-]*:[^\n]*(?:\n|$)){1,8})/im;
/** A forward's header block sits at the top, above the forwarded message. */
const FORWARD_SEARCH_CHARS = 2_000;

/** The sender and send time of a message forwarded whole: the forwarded shop's, not the person's who forwarded it. */
export interface ForwardedOrigin {
  fromName: string | null;
  fromAddress: string;
  sentAt: Date | null;
}

export function forwardedOrigin(body: string, outerOffsetMinutes: number): ForwardedOrigin | null {
  const block = FORWARDED_BLOCK.exec(body.slice(0, FORWARD_SEARCH_CHARS))?.[1];
  if (!block) return null;
  const field = (names: string) => new RegExp(`^(?:${names}):[ \t]*(.+)$`, "im").exec(block)?.[1]?.trim() ?? null;
  const from = field("from|von|de");
  const fromAddress = from ? /[^\s<>"'()]+@[^\s<>"'()]+\.[a-z]{2,}/i.exec(from)?.[0]?.toLowerCase() : undefined;
  if (!from || !fromAddress) return null;
  const fromName = from.replace(/<[^>]*>|\[[^\]]*\]|[^\s<>"'()]+@[^\s<>"'()]+/g, "").replace(/["'()]/g, "").trim() || null;
  const date = field("date|sent|datum|gesendet|envoy[ée]|fecha|data");
  const written = date ? parseDateHeader(date) : null;
  // A client writes the forwarded date in the forwarder's own clock, often without a zone ("Fri, Apr 30, 2021 at 7:29 PM").
  const local = date && !written?.instant ? Date.parse(`${date.replace(/\s(?:at|um|à)\s/i, " ")} UTC`) : Number.NaN;
  const sentAt = written?.instant ?? (Number.isNaN(local) ? null : new Date(local - outerOffsetMinutes * 60_000));
  return { fromName, fromAddress, sentAt };
}
