import { describe, expect, it } from "vitest";
import { MAX_PICKS, topPicks } from "../../../src/domain/reportPicks";

const TODAY = new Date("2026-11-30T00:00:00Z");

let serial = 0;
const deal = (title: string, discount: string | null, expirationDate: string | null) => ({
  id: `d${String(++serial).padStart(3, "0")}`,
  title,
  discount,
  expirationDate,
  codeConditions: [],
});

const titles = (deals: { title: string }[]) => deals.map((picked) => picked.title);

describe("the report's top picks", () => {
  it("puts the deals ending within the week first, the biggest saving first among them", () => {
    const picks = topPicks(
      [
        deal("Lasts a month, 60%", "60% off", "2026-12-30"),
        deal("Ends Friday, 10%", "10% off", "2026-12-04"),
        deal("Ends tomorrow, 30%", "30% off", "2026-12-01"),
        deal("Ends in 7 days, $50 off $100", "$50 off orders over $100", "2026-12-07"),
      ],
      TODAY,
    );
    expect(titles(picks)).toEqual(["Ends in 7 days, $50 off $100", "Ends tomorrow, 30%", "Ends Friday, 10%", "Lasts a month, 60%"]);
  });

  it("ranks the rest by saving, a deal stating none after those that do, and level ones by the sooner end", () => {
    const picks = topPicks(
      [
        deal("Free gift", null, "2026-12-20"),
        deal("No end, 20%", "20% off", null),
        deal("Ends in 3 weeks, 20%", "20% off", "2026-12-21"),
        deal("Half price, no end", "Half price", null),
      ],
      TODAY,
    );
    expect(titles(picks)).toEqual(["Half price, no end", "Ends in 3 weeks, 20%", "No end, 20%", "Free gift"]);
  });

  it("picks at most five, and the same ones whatever order the deals come in", () => {
    const deals = Array.from({ length: 8 }, (_, index) => deal(`Deal ${index}`, "15% off", "2026-12-03"));
    const picks = topPicks(deals, TODAY);
    expect(picks).toHaveLength(MAX_PICKS);
    expect(topPicks([...deals].reverse(), TODAY)).toEqual(picks);
  });
});
