import { APP_ORIGIN } from "../config";
import { ask, EXTENSION_SOURCE, readAppMessage, type ExtensionMessage, type PairAnswer, type StatusAnswer } from "../messages";

/**
 * Runs only on Deal Finder's own pages (the manifest's match for the built address): hands a pairing code from the
 * app's /extension page to the service worker and tells the page how it went. Only the page itself may talk to it.
 */
type Reply = ExtensionMessage extends infer Message ? (Message extends unknown ? Omit<Message, "source"> : never) : never;

function reply(message: Reply): void {
  window.postMessage({ source: EXTENSION_SOURCE, ...message }, APP_ORIGIN);
}

async function answer(event: MessageEvent): Promise<void> {
  if (event.source !== window || event.origin !== APP_ORIGIN) return;
  const message = readAppMessage(event.data);
  if (!message) return;
  if (message.type === "PING") {
    const status = await ask<StatusAnswer>({ type: "STATUS" });
    reply({ type: "PONG", paired: status.paired, version: chrome.runtime.getManifest().version });
    return;
  }
  const outcome = await ask<PairAnswer>({ type: "PAIR", code: message.code });
  reply(outcome.ok ? { type: "PAIRED" } : { type: "PAIR_FAILED", message: outcome.message });
}

if (window.location.origin === APP_ORIGIN) {
  window.addEventListener("message", (event) => void answer(event));
}
