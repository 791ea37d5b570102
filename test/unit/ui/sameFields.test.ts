import { describe, expect, it } from "vitest";
import { sameFields } from "../../../src/ui/hooks";

describe("sameFields", () => {
  const settings = { brands: [] };

  it("holds when every field is the same value or the same object", () => {
    expect(sameFields({ kind: "ready", settings, refreshing: false }, { kind: "ready", settings, refreshing: false })).toBe(true);
  });

  it("fails on a replaced object, even one with equal contents, on a changed value and on a different set of fields", () => {
    expect(sameFields({ kind: "ready", settings }, { kind: "ready", settings: { brands: [] } })).toBe(false);
    expect(sameFields({ kind: "ready", refreshing: false }, { kind: "ready", refreshing: true })).toBe(false);
    expect(sameFields<{ kind: string; message?: string }>({ kind: "loading" }, { kind: "loading", message: "x" })).toBe(false);
  });

  it("holds for two nulls, and fails for null against a value", () => {
    expect(sameFields(null, null)).toBe(true);
    expect(sameFields(null, { kind: "ready" })).toBe(false);
    expect(sameFields({ kind: "ready" }, null)).toBe(false);
  });
});
