import { isRight } from "fp-ts/Either";
import { ExtensionBridge, ExtensionPairingError, type InstalledExtension } from "../../application/ports/extension";
import { APP_MESSAGE_SOURCE, ExtensionPageMessageCodec, type AppPageMessage, type ExtensionPageMessage } from "../../contract";

/** The extension's content script may start after the page: it is asked again until this long has passed. */
export const DETECT_TIMEOUT_MS = 2_000;
const PING_INTERVAL_MS = 250;
/** Pairing is one request of the extension to our server; past this, something is wrong. */
export const PAIR_TIMEOUT_MS = 20_000;
const MAX_MESSAGE_LENGTH = 300;

export const EXTENSION_NOT_ANSWERING = "The extension did not answer. Check that it is installed and turned on, then try again.";

/** The parts of the page's window the bridge uses. */
export type PageWindow = Pick<Window, "postMessage" | "addEventListener" | "removeEventListener" | "location">;

/**
 * The extension's content script, reached by messages on this page's own window: only messages this window posted
 * to itself, from its own origin, in the extension's shapes, are read. The code is posted to our own origin only.
 */
export class WindowExtensionBridge extends ExtensionBridge {
  constructor(private readonly page: PageWindow) {
    super();
  }

  detect(): Promise<InstalledExtension | null> {
    return new Promise((resolve) => {
      const finish = (installed: InstalledExtension | null) => {
        stop();
        clearInterval(repeat);
        clearTimeout(timeout);
        resolve(installed);
      };
      const stop = this.listen((message) => {
        if (message.type === "PONG") finish({ paired: message.paired, version: message.version.slice(0, MAX_MESSAGE_LENGTH) });
      });
      const ping = () => this.post({ source: APP_MESSAGE_SOURCE, type: "PING" });
      const repeat = setInterval(ping, PING_INTERVAL_MS);
      const timeout = setTimeout(() => finish(null), DETECT_TIMEOUT_MS);
      ping();
    });
  }

  pair(code: string): Promise<void> {
    return new Promise((resolve, reject) => {
      const finish = (error: ExtensionPairingError | null) => {
        stop();
        clearTimeout(timeout);
        if (error) reject(error);
        else resolve();
      };
      const stop = this.listen((message) => {
        if (message.type === "PAIRED") finish(null);
        else if (message.type === "PAIR_FAILED") finish(new ExtensionPairingError(message.message.slice(0, MAX_MESSAGE_LENGTH) || EXTENSION_NOT_ANSWERING));
      });
      const timeout = setTimeout(() => finish(new ExtensionPairingError(EXTENSION_NOT_ANSWERING)), PAIR_TIMEOUT_MS);
      this.post({ source: APP_MESSAGE_SOURCE, type: "PAIR", code });
    });
  }

  private post(message: AppPageMessage): void {
    this.page.postMessage(message, this.page.location.origin);
  }

  /** Calls `receive` with each message of the extension on this page until the returned function is called. */
  private listen(receive: (message: ExtensionPageMessage) => void): () => void {
    const handler = (event: MessageEvent) => {
      if (event.source !== this.page || event.origin !== this.page.location.origin) return;
      const decoded = ExtensionPageMessageCodec.decode(event.data);
      if (isRight(decoded)) receive(decoded.right);
    };
    this.page.addEventListener("message", handler);
    return () => this.page.removeEventListener("message", handler);
  }
}
