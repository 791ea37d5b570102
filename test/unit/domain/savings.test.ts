import { describe, expect, it } from "vitest";
import { MAX_SAVED_HUNDREDTHS, parseSavingInput, savedTotals, savedTotalsText, savingProblem, savingsCountFrom } from "../../../src/domain/savings";

const saving = (hundredths: number, currency: string, at: string) => ({ hundredths, currency, at });

describe("saved this month and this year", () => {
  it("sums per currency, never across currencies, biggest first", () => {
    const totals = savedTotals(
      [saving(2400, "USD", "2026-11-03T12:00:00Z"), saving(1000, "EUR", "2026-11-05T12:00:00Z"), saving(600, "USD", "2026-11-20T12:00:00Z"), saving(5000, "EUR", "2026-02-01T12:00:00Z")],
      "2026-11-27",
      "UTC",
    );
    expect(totals).toEqual({
      month: [
        { hundredths: 3000, currency: "USD" },
        { hundredths: 1000, currency: "EUR" },
      ],
      year: [
        { hundredths: 6000, currency: "EUR" },
        { hundredths: 3000, currency: "USD" },
      ],
    });
  });

  it("puts a saving in the month and year of the person's own clock", () => {
    // 1 Dec 03:00 UTC is still 30 Nov in New York, and 31 Dec 23:30 in New York is already next year in UTC.
    const lateNovember = [saving(1000, "USD", "2026-12-01T03:00:00Z")];
    expect(savedTotals(lateNovember, "2026-11-30", "America/New_York").month).toEqual([{ hundredths: 1000, currency: "USD" }]);
    expect(savedTotals(lateNovember, "2026-12-01", "UTC").month).toEqual([{ hundredths: 1000, currency: "USD" }]);
    expect(savedTotals(lateNovember, "2026-12-01", "America/New_York").month).toEqual([]);
    const newYearsEve = [saving(500, "USD", "2027-01-01T04:30:00Z")];
    expect(savedTotals(newYearsEve, "2026-12-31", "America/New_York")).toEqual({ month: [{ hundredths: 500, currency: "USD" }], year: [{ hundredths: 500, currency: "USD" }] });
    expect(savedTotals(newYearsEve, "2027-01-01", "America/New_York")).toEqual({ month: [], year: [] });
    // Auckland's new year starts while UTC is still in the old one.
    expect(savedTotals([saving(700, "NZD", "2026-12-31T12:00:00Z")], "2027-01-01", "Pacific/Auckland").year).toEqual([{ hundredths: 700, currency: "NZD" }]);
  });

  it("counts nothing of last year, of the future, or of zero", () => {
    const totals = savedTotals([saving(100, "USD", "2025-11-10T12:00:00Z"), saving(0, "GBP", "2026-11-10T12:00:00Z"), saving(100, "USD", "2026-11-29T12:00:00Z")], "2026-11-27", "UTC");
    expect(totals).toEqual({ month: [], year: [] });
  });

  it("reads from a day before the year begins anywhere", () => {
    expect(savingsCountFrom("2026-11-27").toISOString()).toBe("2025-12-30T00:00:00.000Z");
  });

  it("says the totals in words", () => {
    expect(savedTotalsText([])).toBe("nothing yet");
    expect(savedTotalsText([{ hundredths: 2400, currency: "USD" }])).toBe("$24.00");
    expect(savedTotalsText([{ hundredths: 2400, currency: "USD" }, { hundredths: 1000, currency: "EUR" }, { hundredths: 300000, currency: "JPY" }])).toBe("$24.00, €10.00 and ¥3,000");
  });
});

describe("a saving a person records", () => {
  it.each<[string, number]>([
    ["24", 2400],
    ["24.5", 2450],
    ["24,50", 2450],
    ["$1,234.56", 123456],
    [" 0 ", 0],
    ["1000000", MAX_SAVED_HUNDREDTHS],
  ])("reads %s", (text, hundredths) => {
    expect(parseSavingInput(text, "USD")).toEqual({ ok: true, saving: { hundredths, currency: "USD" } });
  });

  it.each<[string, string, string]>([
    ["-5", "USD", "negative"],
    ["−5", "USD", "negative"],
    ["1000000.01", "USD", "too-large"],
    ["twelve", "USD", "not-a-number"],
    ["", "USD", "not-a-number"],
    ["12 apples", "USD", "not-a-number"],
    ["12", "XYZ", "unknown-currency"],
    ["12", "usd", "unknown-currency"],
  ])("refuses %s %s as %s", (text, currency, problem) => {
    expect(parseSavingInput(text, currency)).toEqual({ ok: false, problem });
  });

  it("keeps the server's rules: whole hundredths, 0 to the cap, a known currency", () => {
    expect(savingProblem({ hundredths: 12.5, currency: "USD" })).toBe("not-a-number");
    expect(savingProblem({ hundredths: -1, currency: "USD" })).toBe("negative");
    expect(savingProblem({ hundredths: MAX_SAVED_HUNDREDTHS + 1, currency: "USD" })).toBe("too-large");
    expect(savingProblem({ hundredths: 100, currency: "WAS" })).toBe("unknown-currency");
    expect(savingProblem({ hundredths: 100, currency: "CHF" })).toBeNull();
  });
});
