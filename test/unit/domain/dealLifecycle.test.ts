import { describe, expect, it } from "vitest";
import { dayText, dealStateOf, todayIn } from "../../../src/domain/dealLifecycle";

/** The states themselves are cross-checked against SQL, the report and the extension in test/server/dealLifecycle.test.ts. */
describe("the person's day", () => {
  it("is the calendar day of their own time zone, not the server's", () => {
    const instant = new Date("2025-10-10T02:30:00Z");
    expect(dayText(todayIn(instant, "UTC"))).toBe("2025-10-10");
    expect(dayText(todayIn(instant, "America/New_York"))).toBe("2025-10-09");
    expect(dayText(todayIn(new Date("2025-10-09T22:30:00Z"), "Asia/Tokyo"))).toBe("2025-10-10");
  });

  it("decides when a deal has expired: after its last day ends where the person is", () => {
    const lastDay = { expirationDate: "2025-10-09", status: null };
    const instant = new Date("2025-10-10T02:30:00Z");
    expect(dealStateOf(lastDay, todayIn(instant, "America/New_York"))).toBe("ending-soon");
    expect(dealStateOf(lastDay, todayIn(instant, "Europe/Paris"))).toBe("expired");
  });

  it("ranks a hidden brand over a mark, and a mark over the date", () => {
    const today = new Date("2025-10-10T00:00:00Z");
    expect(dealStateOf({ expirationDate: "2025-10-01", status: "used", brandShown: false }, today)).toBe("brand-hidden");
    expect(dealStateOf({ expirationDate: "2025-10-01", status: "not_working" }, today)).toBe("not-working");
    expect(dealStateOf({ expirationDate: "2025-10-18", status: null }, today)).toBe("live");
    expect(dealStateOf({ expirationDate: "2025-10-17", status: null }, today)).toBe("ending-soon");
  });
});
