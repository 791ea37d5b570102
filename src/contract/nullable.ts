import * as t from "io-ts";

/** A value or null, as JSON says "nothing here". */
export const nullable = <C extends t.Mixed>(codec: C) => t.union([codec, t.null]);
