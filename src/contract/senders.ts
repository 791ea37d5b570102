import * as t from "io-ts";
import { nullable } from "./nullable";

/** How the person may leave the sender's list: one-click by the server, or a link they open (mailto: or a web page). */
export const UnsubscribeOfferCodec = nullable(
  t.union([t.type({ kind: t.literal("one-click") }), t.type({ kind: t.union([t.literal("mailto"), t.literal("web")]), url: t.string })]),
);

/** One brand in "Your senders" (docs/product.md, "Senders that pay off"). */
export const SenderCodec = t.type({
  brandId: t.string,
  brandName: t.string,
  domain: t.string,
  /** Synced mails from the brand, and per week over the synced window. */
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
/** GET /senders/:id, POST /senders/:id/unsubscribe. */
export const SenderAnswerCodec = t.type({ sender: SenderCodec });

export type SenderDto = t.TypeOf<typeof SenderCodec>;
export type UnsubscribeOffer = t.TypeOf<typeof UnsubscribeOfferCodec>;
