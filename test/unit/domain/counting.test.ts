import { describe, expect, it } from "vitest";
import { countOf } from "../../../src/domain/counting";

describe("countOf", () => {
  it.each([
    [0, "deal", undefined, "0 deals"],
    [1, "deal", undefined, "1 deal"],
    [2, "new deal", undefined, "2 new deals"],
    [1, "deal ends", "deals end", "1 deal ends"],
    [7, "deal ends", "deals end", "7 deals end"],
  ] as const)("%i with %s reads as it should", (count, one, many, expected) => {
    expect(countOf(count, one, many)).toBe(expected);
  });
});
