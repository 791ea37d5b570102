import { describe, expect, expectTypeOf, it } from "vitest";
import { isRight } from "fp-ts/Either";
import { AppPageMessageCodec, ExtensionPageMessageCodec, type AppPageMessage } from "../../../src/contract/extensionPage";
import type { AnswerTo, DoneAnswer, PairAnswer, SiteAnswer, StatusAnswer, SyncAnswer } from "../../../extension/src/messages";

const CODE = "AbCdEfGh12345678_-xyz";

/** The messages the app's page and the extension's content script post to each other, defined once in the contract. */
describe("page messages between the app and the extension", () => {
  it.each<[string, unknown]>([
    ["a ping", { source: "deal-finder-app", type: "PING" }],
    ["a pairing code", { source: "deal-finder-app", type: "PAIR", code: CODE }],
  ])("the extension takes %s from the app", (_name, message) => {
    expect(isRight(AppPageMessageCodec.decode(message))).toBe(true);
  });

  it.each<[string, unknown]>([
    ["another source", { source: "some-page-script", type: "PING" }],
    ["an unknown type", { source: "deal-finder-app", type: "SIGN_OUT" }],
    ["a code too short", { source: "deal-finder-app", type: "PAIR", code: "short" }],
    ["a code with other characters", { source: "deal-finder-app", type: "PAIR", code: `${CODE}<script>` }],
    ["a code that is no string", { source: "deal-finder-app", type: "PAIR", code: 1234567890123456 }],
    ["no object at all", "PING"],
    ["null", null],
  ])("the extension refuses %s, whatever page script posted it", (_name, message) => {
    expect(isRight(AppPageMessageCodec.decode(message))).toBe(false);
  });

  it("the app takes each of the extension's answers, and nothing with the app's own source", () => {
    for (const message of [
      { source: "deal-finder-extension", type: "PONG", paired: true, version: "1.2.0" },
      { source: "deal-finder-extension", type: "PAIRED" },
      { source: "deal-finder-extension", type: "PAIR_FAILED", message: "This code has expired." },
    ]) {
      expect(isRight(ExtensionPageMessageCodec.decode(message))).toBe(true);
    }
    expect(isRight(ExtensionPageMessageCodec.decode({ source: "deal-finder-app", type: "PAIRED" }))).toBe(false);
    expect(isRight(ExtensionPageMessageCodec.decode({ source: "deal-finder-extension", type: "PONG", paired: "yes", version: "1" }))).toBe(false);
  });

  it("types the app's messages from the codec", () => {
    expectTypeOf<AppPageMessage>().toEqualTypeOf<{ source: "deal-finder-app"; type: "PING" } | { source: "deal-finder-app"; type: "PAIR"; code: string }>();
  });
});

describe("the extension's requests to its service worker", () => {
  it("are typed both ways: each request's answer follows from the request, with no cast at the asker", () => {
    expectTypeOf<AnswerTo<{ type: "PAIR"; code: string }>>().toEqualTypeOf<PairAnswer>();
    expectTypeOf<AnswerTo<{ type: "STATUS" }>>().toEqualTypeOf<StatusAnswer>();
    expectTypeOf<AnswerTo<{ type: "SITE"; host: string }>>().toEqualTypeOf<SiteAnswer>();
    expectTypeOf<AnswerTo<{ type: "SYNC" }>>().toEqualTypeOf<SyncAnswer>();
    expectTypeOf<AnswerTo<{ type: "SIGN_OUT" }>>().toEqualTypeOf<DoneAnswer>();
  });
});
