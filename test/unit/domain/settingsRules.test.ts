import { describe, expect, it } from "vitest";
import type { Brand, GmailLabel } from "../../../src/domain/brand";
import { searchBrands } from "../../../src/domain/brandSearch";
import { labelColumns, monitoredLabelCount, syncMessageTone, syncPercent } from "../../../src/domain/gmailSettings";

const brand = (name: string, domain: string): Brand => ({ id: name, name, domain, isActive: true });
const brands = [brand("zara", "zara.com"), brand("Adidas", "adidas.de"), brand("Nike", "news.nike.com"), brand("acme", "shop.example")];

describe("brand search", () => {
  it("lists every brand alphabetically by name, whatever the case, when the query is blank after trimming", () => {
    expect(searchBrands(brands, "").map((b) => b.name)).toEqual(["acme", "Adidas", "Nike", "zara"]);
    expect(searchBrands(brands, "   ").map((b) => b.name)).toEqual(["acme", "Adidas", "Nike", "zara"]);
  });

  it("matches a substring of the name, case-insensitively, after trimming", () => {
    expect(searchBrands(brands, "  DID ").map((b) => b.name)).toEqual(["Adidas"]);
  });

  it("matches a substring of the domain", () => {
    expect(searchBrands(brands, "news.").map((b) => b.name)).toEqual(["Nike"]);
    expect(searchBrands(brands, "EXAMPLE").map((b) => b.name)).toEqual(["acme"]);
  });

  it("answers nothing when no name or domain contains the query", () => {
    expect(searchBrands(brands, "puma")).toEqual([]);
  });

  it("leaves the given list as it was", () => {
    searchBrands(brands, "");
    expect(brands[0]!.name).toBe("zara");
  });
});

const label = (index: number, isChecked = false): GmailLabel => ({ id: `L${index}`, name: `Label ${index}`, isChecked, isCustom: false });

describe("Gmail labels", () => {
  it("puts the first 8 labels on the left and the rest on the right", () => {
    const labels = Array.from({ length: 11 }, (_, index) => label(index));
    const [left, right] = labelColumns(labels);
    expect(left.map((l) => l.id)).toEqual(["L0", "L1", "L2", "L3", "L4", "L5", "L6", "L7"]);
    expect(right.map((l) => l.id)).toEqual(["L8", "L9", "L10"]);
  });

  it("leaves the right column empty with 8 labels or fewer", () => {
    expect(labelColumns(Array.from({ length: 8 }, (_, index) => label(index)))[1]).toEqual([]);
  });

  it("counts the checked labels", () => {
    expect(monitoredLabelCount([label(1, true), label(2), label(3, true)])).toBe(2);
  });
});

describe("sync message colour", () => {
  it.each([
    ["completed", "success"],
    ["already_running", "warning"],
    ["running", "warning"],
    ["failed", "danger"],
    ["none", "info"],
  ] as const)("%s is %s", (outcome, tone) => {
    expect(syncMessageTone(outcome)).toBe(tone);
  });
});

describe("sync percentage", () => {
  it("rounds processed over total, and is unknown without a total", () => {
    expect(syncPercent({ processed: 1, total: 3 })).toBe(33);
    expect(syncPercent({ processed: 47, total: 47 })).toBe(100);
    expect(syncPercent({ processed: 0, total: 0 })).toBeNull();
    expect(syncPercent(null)).toBeNull();
  });
});
