import * as t from "io-ts";

/** GET /api/health: the process is up and answering. */
export const HealthCodec = t.type({ status: t.literal("ok") });

/** GET /api/ready: the process can serve, its database answering. */
export const ReadyCodec = t.type({ status: t.literal("ready") });

/** GET /api/ready's 503: what is wrong, in words safe to show anyone (the database's own message is only logged). */
export const NotReadyCodec = t.type({ status: t.literal("unavailable"), error: t.string });
