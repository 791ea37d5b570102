import { describe, expect, it } from "vitest";
import { listUnsubscribeUris, unsubscribeWay } from "../../../src/domain/unsubscribe";

const ONE_CLICK = "List-Unsubscribe=One-Click";

describe("unsubscribeWay", () => {
  it("is one-click for an https URL with RFC 8058's Post header, whatever order the URIs come in", () => {
    expect(unsubscribeWay({ listUnsubscribe: "<mailto:u@list.example>, <https://list.example/u/1>", listUnsubscribePost: ONE_CLICK })).toEqual({
      kind: "one-click",
      url: "https://list.example/u/1",
    });
    expect(unsubscribeWay({ listUnsubscribe: "<https://list.example/u/1>,\r\n <mailto:u@list.example>", listUnsubscribePost: ` ${ONE_CLICK} ` })).toEqual({
      kind: "one-click",
      url: "https://list.example/u/1",
    });
  });

  it("offers the mailto: address when the sender does not ask for one-click, else its https page", () => {
    expect(unsubscribeWay({ listUnsubscribe: "<https://list.example/u/1>, <mailto:u@list.example?subject=unsubscribe>", listUnsubscribePost: null })).toEqual({
      kind: "mailto",
      url: "mailto:u@list.example?subject=unsubscribe",
    });
    expect(unsubscribeWay({ listUnsubscribe: "<https://list.example/prefs>", listUnsubscribePost: null })).toEqual({ kind: "web", url: "https://list.example/prefs" });
    expect(unsubscribeWay({ listUnsubscribe: "<https://list.example/u>", listUnsubscribePost: "List-Unsubscribe=Yes" })).toEqual({ kind: "web", url: "https://list.example/u" });
  });

  it("never offers plain http, a script, credentials in the URL or a header past its cap", () => {
    expect(unsubscribeWay({ listUnsubscribe: "<http://list.example/u/1>", listUnsubscribePost: ONE_CLICK })).toBeNull();
    expect(unsubscribeWay({ listUnsubscribe: "<javascript:alert(1)>", listUnsubscribePost: ONE_CLICK })).toBeNull();
    expect(unsubscribeWay({ listUnsubscribe: "<https://user:pass@list.example/u>", listUnsubscribePost: ONE_CLICK })).toBeNull();
    expect(unsubscribeWay({ listUnsubscribe: `<https://list.example/${"a".repeat(2100)}>`, listUnsubscribePost: ONE_CLICK })).toBeNull();
    expect(unsubscribeWay({ listUnsubscribe: null, listUnsubscribePost: ONE_CLICK })).toBeNull();
    expect(unsubscribeWay({ listUnsubscribe: "https://list.example/u (no brackets)", listUnsubscribePost: ONE_CLICK })).toBeNull();
  });

  it("lets plain http through only for the hosts configuration names (the emulator)", () => {
    const headers = { listUnsubscribe: "<http://127.0.0.1:8081/lists/a/unsubscribe>", listUnsubscribePost: ONE_CLICK };
    expect(unsubscribeWay(headers, ["127.0.0.1"])).toEqual({ kind: "one-click", url: "http://127.0.0.1:8081/lists/a/unsubscribe" });
    expect(unsubscribeWay(headers, ["localhost"])).toBeNull();
    // An entry with a port names that port only.
    expect(unsubscribeWay(headers, ["127.0.0.1:8081"])).toEqual({ kind: "one-click", url: "http://127.0.0.1:8081/lists/a/unsubscribe" });
    expect(unsubscribeWay(headers, ["127.0.0.1:5432"])).toBeNull();
  });

  it("reads at most ten URIs", () => {
    expect(listUnsubscribeUris(Array.from({ length: 30 }, (_, index) => `<mailto:u${index}@list.example>`).join(","))).toHaveLength(10);
  });
});
