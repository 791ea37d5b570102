import { isRight } from "fp-ts/Either";
import { AppPageMessageCodec, EXTENSION_MESSAGE_SOURCE, type ExtensionPageMessage } from "../../../src/contract/extensionPage";
import { APP_ORIGIN } from "../config";
import { ask } from "../messages";

/**
 * Runs only on Deal Finder's own pages (the manifest's match for the built address): hands a pairing code from the
 * app's /extension page to the service worker and tells the page how it went. Only the page itself may talk to it.
 */
type Reply = ExtensionPageMessage extends infer Message ? (Message extends unknown ? Omit<Message, "source"> : never) : never;

function reply(message: Reply): void {
  window.postMessage({ source: EXTENSION_MESSAGE_SOURCE, ...message } satisfies ExtensionPageMessage, APP_ORIGIN);
}

async function answer(event: MessageEvent): Promise<void> {
  if (event.source !== window || event.origin !== APP_ORIGIN) return;
  // Any page script could post anything: only what the contract's codec accepts is a message of the app's.
  const decoded = AppPageMessageCodec.decode(event.data);
  if (!isRight(decoded)) return;
  const message = decoded.right;
  if (message.type === "PING") {
    const status = await ask({ type: "STATUS" });
    reply({ type: "PONG", paired: status.paired, version: chrome.runtime.getManifest().version });
    return;
  }
  const outcome = await ask({ type: "PAIR", code: message.code });
  reply(outcome.ok ? { type: "PAIRED" } : { type: "PAIR_FAILED", message: outcome.message });
}

if (window.location.origin === APP_ORIGIN) {
  window.addEventListener("message", (event) => void answer(event));
}
