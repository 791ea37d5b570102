/**
 * The wire contract: every response shape of the HTTP API, defined once as io-ts codecs, in a module both sides may
 * import. The server types its replies with it and its tests check every reply against it; the SPA's fetch adapters
 * decode every response with it, so the two sides cannot drift apart silently.
 */
export * from "./alerts";
export * from "./auth";
export * from "./dashboard";
export * from "./deals";
export * from "./earlyAccess";
export * from "./errors";
export * from "./extension";
export * from "./extensionPage";
export * from "./gmail";
export * from "./health";
export * from "./settings";
export * from "./senders";
export * from "./routes";
export * from "./check";
export * from "./jsonSchema";
