import * as t from "io-ts";

/** The failure body of every endpoint: a machine-readable code and a message a person can read. */
export const ApiErrorCodec = t.type({ success: t.literal(false), code: t.string, message: t.string });

export type ApiError = t.TypeOf<typeof ApiErrorCodec>;
