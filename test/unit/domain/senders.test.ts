import { describe, expect, it } from "vitest";
import { formatSaved, mainCurrency, sortSenders, type SenderFigures } from "../../../src/domain/senders";

const sender = (name: string, figures: Partial<SenderFigures> = {}): SenderFigures => ({
  name,
  mailsPerWeek: 1,
  dealsFound: 1,
  dealsUsed: 0,
  saved: [],
  ...figures,
});

describe("sortSenders", () => {
  const list = [
    sender("Alder", { mailsPerWeek: 5, dealsFound: 2, saved: [{ currency: "USD", hundredths: 500 }], dealsUsed: 1 }),
    sender("Birch", { mailsPerWeek: 0.5, dealsFound: 9, saved: [{ currency: "USD", hundredths: 4000 }], dealsUsed: 2 }),
    sender("Cedar", { mailsPerWeek: 12, dealsFound: 1, saved: [{ currency: "EUR", hundredths: 90000 }], dealsUsed: 1 }),
    // A sender whose mail never gave a deal: listed and sorted like the rest.
    sender("Dogwood", { mailsPerWeek: 12, dealsFound: 0 }),
  ];

  it("sorts by money saved in the list's main currency first: amounts in two currencies are never compared", () => {
    expect(mainCurrency(list)).toBe("USD");
    expect(sortSenders(list, "saved").map((entry) => entry.name)).toEqual(["Birch", "Alder", "Cedar", "Dogwood"]);
  });

  it("sorts by mails a week and by deals found, largest first, ties by name", () => {
    expect(sortSenders(list, "mailsPerWeek").map((entry) => entry.name)).toEqual(["Cedar", "Dogwood", "Alder", "Birch"]);
    expect(sortSenders(list, "dealsFound").map((entry) => entry.name)).toEqual(["Birch", "Alder", "Cedar", "Dogwood"]);
  });

  it("leaves the list it was given as it was", () => {
    const names = list.map((entry) => entry.name);
    sortSenders(list, "mailsPerWeek");
    expect(list.map((entry) => entry.name)).toEqual(names);
  });
});

describe("formatSaved", () => {
  it("writes one currency's amount from hundredths", () => {
    expect(formatSaved({ currency: "USD", hundredths: 1250 }, "en-US")).toBe("$12.50");
    expect(formatSaved({ currency: "EUR", hundredths: 300 }, "en-US")).toBe("€3.00");
  });
});
