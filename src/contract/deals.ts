import * as t from "io-ts";
import type { BrandPage, DealDetail } from "../domain/dealDetail";
import type { DealStatus } from "../domain/deal";
import type { DealCorrection } from "../domain/dealCorrection";
import { CategoryCodec, DealCodec, RecordedSavingCodec } from "./dashboard";
import { nullable } from "./nullable";
import { BrandCodec } from "./settings";
import type { Same } from "./same";

export const DealStatusCodec = nullable(t.keyof({ used: null, not_working: null }));

/** GET /deals/:id: a deal with the email it came from. */
export const DealDetailCodec = t.type({
  deal: DealCodec,
  email: t.type({
    sender: nullable(t.string),
    subject: nullable(t.string),
    sentAt: nullable(t.string),
    url: t.string,
  }),
});

/**
 * PUT /deals/:id/status, body { status, saved? }: the status now stored, and the saving recorded with it (null when
 * none). `saved` in the body ({ hundredths, currency }) is accepted with "used" only.
 */
export const DealStatusAnswerCodec = t.type({ status: DealStatusCodec, saved: nullable(RecordedSavingCodec) });

/** PUT /deals/:id/reminder, body { remind: boolean }: whether a reminder is now set, and when it will be sent. */
export const ReminderAnswerCodec = t.type({ remind: t.boolean, remindAt: nullable(t.string) });

/** GET, PUT and DELETE /deals/:id/correction: what the person corrected of the deal, and what its mail said. */
export const DealCorrectionCodec = t.type({
  corrected: t.type({
    code: nullable(t.string),
    endDate: nullable(t.string),
    category: nullable(CategoryCodec),
    brand: nullable(t.string),
    notADeal: t.boolean,
  }),
  mail: t.type({ code: nullable(t.string), endDate: nullable(t.string), category: CategoryCodec, brand: t.string }),
});

/** GET /brands/:id. `today` is the person's day (YYYY-MM-DD, in their settings' time zone) its deals were judged on. */
export const BrandPageCodec = t.type({
  brand: BrandCodec,
  currentDeals: t.array(DealCodec),
  pastDeals: t.array(DealCodec),
  typicalPercentOff: nullable(t.number),
  emailsPerWeek: t.number,
  emailCount: t.number,
  today: t.string,
});

/** Compile-time proof that the wire shapes are the domain's shapes. */
const contractMatchesDomain: [
  Same<t.TypeOf<typeof DealDetailCodec>, DealDetail>,
  Same<t.TypeOf<typeof DealStatusCodec>, DealStatus | null>,
  Same<t.TypeOf<typeof BrandPageCodec>, BrandPage>,
  Same<t.TypeOf<typeof DealCorrectionCodec>, DealCorrection>,
] = [true, true, true, true];
void contractMatchesDomain;
