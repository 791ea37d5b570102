import * as t from "io-ts";

/**
 * Messages between the app's /extension page and the extension's content script, posted on the page's own window
 * (window.postMessage to its own origin). Every page script can post there too, so each side decodes what it gets.
 */
export const APP_MESSAGE_SOURCE = "deal-finder-app";
export const EXTENSION_MESSAGE_SOURCE = "deal-finder-extension";

/** A one-time pairing code as the page hands it over: the server's alphabet and length, nothing a page script made up. */
const PAIRING_CODE_PATTERN = /^[A-Za-z0-9_-]{16,512}$/;
const PageDeliveredPairingCode = t.refinement(t.string, (code) => PAIRING_CODE_PATTERN.test(code), "PairingCode");

/** What the app's page says: "is an extension here?", and "pair with this code". */
export const AppPageMessageCodec = t.union([
  t.type({ source: t.literal(APP_MESSAGE_SOURCE), type: t.literal("PING") }),
  t.type({ source: t.literal(APP_MESSAGE_SOURCE), type: t.literal("PAIR"), code: PageDeliveredPairingCode }),
]);

/** What the extension answers: its presence, and how a pairing went. */
export const ExtensionPageMessageCodec = t.union([
  t.type({ source: t.literal(EXTENSION_MESSAGE_SOURCE), type: t.literal("PONG"), paired: t.boolean, version: t.string }),
  t.type({ source: t.literal(EXTENSION_MESSAGE_SOURCE), type: t.literal("PAIRED") }),
  t.type({ source: t.literal(EXTENSION_MESSAGE_SOURCE), type: t.literal("PAIR_FAILED"), message: t.string }),
]);

export type AppPageMessage = t.TypeOf<typeof AppPageMessageCodec>;
export type ExtensionPageMessage = t.TypeOf<typeof ExtensionPageMessageCodec>;
