import { describe, expect, it } from "vitest";
import { lookAgainIn } from "../../../src/domain/syncSchedule";

const NOW = new Date("2026-11-23T10:00:00.000Z");
const inMinutes = (minutes: number) => new Date(NOW.getTime() + minutes * 60_000);

describe("when the next background sync runs, in words", () => {
  it.each([
    [-3, "in a few minutes"],
    [0, "in a few minutes"],
    [5, "in a few minutes"],
    [7, "in about 7 minutes"],
    [28, "in about 30 minutes"],
    [30, "in about 30 minutes"],
    [60, "in about an hour"],
    [120, "in about 2 hours"],
    [1440, "in about a day"],
  ])("%i minutes from now is %s", (minutes, words) => {
    expect(lookAgainIn(inMinutes(minutes), NOW)).toBe(words);
  });
});
