import { describe, expect, it } from "vitest";
import { matchesOf } from "../../../src/domain/patternMatches";

/** What matchAll gives, as plain data: each match's groups and where it stands. */
const shapeOf = (matches: Iterable<RegExpMatchArray>) => [...matches].map((match) => ({ groups: [...match], index: match.index, named: match.groups }));

describe("matchesOf: every match of a global pattern, as matchAll gives them", () => {
  it.each([
    [/\b(\w)(\w*)\b/g, "Use code SAVE20 at checkout"],
    [/(?<amount>\d+)\s?(?<unit>%|off)?/gi, "10% OFF, then 5 off and 3"],
    [/x*/g, "axxbx"],
    [/(?:)/gu, "a😀b"],
    [/\p{L}*/gu, "é😀 ü"],
    [/^\s*$/gm, "one\n\n  \ntwo\n"],
    [/code/gi, "nothing here"],
  ])("%s over %j", (pattern, text) => {
    expect(shapeOf(matchesOf(pattern, text))).toEqual(shapeOf(text.matchAll(new RegExp(pattern))));
  });

  it("starts from the beginning whatever the pattern's lastIndex, and leaves it at 0", () => {
    const pattern = /\d/g;
    pattern.lastIndex = 3;
    expect(matchesOf(pattern, "1 2 3").map((match) => match[0])).toEqual(["1", "2", "3"]);
    expect(pattern.lastIndex).toBe(0);
  });

  it("steps over a whole emoji after an empty match in a unicode pattern, and over half of one otherwise", () => {
    expect(matchesOf(/(?:)/gu, "😀").map((match) => match.index)).toEqual([0, 2]);
    expect(matchesOf(/(?:)/g, "😀").map((match) => match.index)).toEqual([0, 1, 2]);
  });

  it("refuses a pattern without the global flag, as matchAll does", () => {
    expect(() => matchesOf(/a/, "aaa")).toThrow(TypeError);
  });
});
