import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { ExtensionPairingError } from "../../../src/application/ports/extension";
import { DETECT_TIMEOUT_MS, EXTENSION_NOT_ANSWERING, PAIR_TIMEOUT_MS, WindowExtensionBridge, type PageWindow } from "../../../src/infrastructure/platform/extensionBridge";

const ORIGIN = "https://deals.example.org";

/** The page's window: what the app posts is recorded; `answer` delivers a message as the browser would. */
class FakePage extends EventTarget {
  readonly location = { origin: ORIGIN } as Location;
  readonly posted: { message: unknown; targetOrigin: string }[] = [];

  postMessage(message: unknown, targetOrigin: string): void {
    this.posted.push({ message, targetOrigin });
  }

  answer(data: unknown, from: { origin?: string; source?: unknown } = {}): void {
    // Node's MessageEvent takes no window as its source: a plain event with a message's fields instead.
    this.dispatchEvent(Object.assign(new Event("message"), { data, origin: from.origin ?? ORIGIN, source: from.source ?? this }));
  }
}

const PONG = { source: "deal-finder-extension", type: "PONG", paired: false, version: "1.2.0" };

describe("the page's bridge to the extension", () => {
  let page: FakePage;
  let bridge: WindowExtensionBridge;

  beforeEach(() => {
    vi.useFakeTimers();
    page = new FakePage();
    bridge = new WindowExtensionBridge(page as unknown as PageWindow);
  });
  afterEach(() => vi.useRealTimers());

  it("asks again until the extension answers, to its own origin only", async () => {
    const detected = bridge.detect();
    await vi.advanceTimersByTimeAsync(600);
    expect(page.posted.length).toBeGreaterThan(1);
    for (const post of page.posted) expect(post).toEqual({ message: { source: "deal-finder-app", type: "PING" }, targetOrigin: ORIGIN });
    page.answer(PONG);
    await expect(detected).resolves.toEqual({ paired: false, version: "1.2.0" });
    const asked = page.posted.length;
    await vi.advanceTimersByTimeAsync(DETECT_TIMEOUT_MS);
    expect(page.posted.length).toBe(asked);
  });

  it("finds no extension when nothing but hostile or foreign messages come", async () => {
    const detected = bridge.detect();
    page.answer(PONG, { origin: "https://evil.example" });
    page.answer(PONG, { source: {} });
    page.answer({ ...PONG, paired: "yes" });
    page.answer({ source: "deal-finder-app", type: "PING" });
    page.answer("PONG");
    await vi.advanceTimersByTimeAsync(DETECT_TIMEOUT_MS);
    await expect(detected).resolves.toBeNull();
  });

  it("hands over the code and resolves when the extension says it is paired", async () => {
    const paired = bridge.pair("code-1");
    expect(page.posted).toEqual([{ message: { source: "deal-finder-app", type: "PAIR", code: "code-1" }, targetOrigin: ORIGIN }]);
    page.answer({ source: "deal-finder-extension", type: "PAIRED" }, { origin: "https://evil.example" });
    page.answer({ source: "deal-finder-extension", type: "PAIRED" });
    await expect(paired).resolves.toBeUndefined();
  });

  it("fails with the extension's own reason, or says it did not answer", async () => {
    const refused = bridge.pair("code-1");
    page.answer({ source: "deal-finder-extension", type: "PAIR_FAILED", message: "This pairing code has expired or was already used." });
    await expect(refused).rejects.toEqual(new ExtensionPairingError("This pairing code has expired or was already used."));

    const silent = bridge.pair("code-2").catch((error: unknown) => error);
    await vi.advanceTimersByTimeAsync(PAIR_TIMEOUT_MS);
    const error = await silent;
    expect(error).toBeInstanceOf(ExtensionPairingError);
    expect((error as Error).message).toBe(EXTENSION_NOT_ANSWERING);
  });
});
