import * as t from "io-ts";
import { SHOPPING_FREQUENCIES, type ShoppingFrequency, type ValidEarlyAccess } from "../domain/earlyAccess";
import type { Same } from "./same";

/** POST /early-access's body; its frequencies are the domain's list, the one the form offers and the server accepts. */
export const ShoppingFrequencyCodec = t.keyof(
  Object.fromEntries(SHOPPING_FREQUENCIES.map((frequency) => [frequency, null])) as Record<ShoppingFrequency, null>,
);
export const EarlyAccessRequestCodec = t.type({ name: t.string, email: t.string, shopping_frequency: ShoppingFrequencyCodec });

/**
 * POST /early-access: the success answer (a 400 answers with ApiErrorCodec). The message is optional: a refusal
 * without one gets the client's own text (docs/product.md, "Early-access answers").
 */
export const EarlyAccessResponseCodec = t.union([t.type({ success: t.boolean, message: t.string }), t.type({ success: t.boolean })]);

/** Compile-time proof that the wire's early-access body is the domain's. */
const requestMatchesDomain: Same<t.TypeOf<typeof EarlyAccessRequestCodec>, ValidEarlyAccess> = true;
void requestMatchesDomain;
