import * as t from "io-ts";
import { nullable } from "./nullable";

/** How the person may leave the sender's list: one-click by the server, or a link they open (mailto: or a web page). */
export const UnsubscribeOfferCodec = nullable(
  t.union([t.type({ kind: t.literal("one-click") }), t.type({ kind: t.union([t.literal("mailto"), t.literal("web")]), url: t.string })]),
);

/** One sender in "Your senders" (docs/product.md, "Senders that pay off"), deals or not. */
export const SenderCodec = t.type({
  /** The sender's key in the API (POST /senders/:id/unsubscribe). */
  id: t.string,
  /** Its brand, whose page it has; null for a sender whose mail never gave a deal. */
  brandId: nullable(t.string),
  /** The brand's name, else the name its mail gave, else its domain. */
  name: t.string,
  domain: t.string,
  /** Synced mails from the sender, and per week over the synced window. */
  mails: t.number,
  mailsPerWeek: t.number,
  dealsFound: t.number,
  dealsUsed: t.number,
  /** Recorded savings per currency, largest first; amounts in hundredths, never converted. */
  saved: t.array(t.type({ currency: t.string, hundredths: t.number })),
  unsubscribe: UnsubscribeOfferCodec,
  /** When the person left the list with one click here (ISO instant), or null. */
  unsubscribedAt: nullable(t.string),
});

/** GET /senders. */
export const SendersCodec = t.type({ senders: t.array(SenderCodec) });
/** GET /brands/:id/sender, POST /senders/:id/unsubscribe. */
export const SenderAnswerCodec = t.type({ sender: SenderCodec });

export type SenderDto = t.TypeOf<typeof SenderCodec>;
export type UnsubscribeOffer = t.TypeOf<typeof UnsubscribeOfferCodec>;
