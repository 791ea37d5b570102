import { describe, expect, it } from "vitest";
import { restatesTitle } from "../../../src/domain/deal";

describe("a detail that only says again what a deal's title says", () => {
  it.each([
    ["$15 off first order", "Welcome: $15 off your first order"],
    ["25% off", "Early access: 25% off home essentials"],
    ["25 % off", "25% off everything"],
    ["€10 off", "Jetzt 10 € sparen"],
    ["free shipping", "Free Shipping on everything this weekend"],
    ["50% off", "BOGO 50% off sneakers this weekend"],
  ])("%j after %j says nothing new", (detail, title) => {
    expect(restatesTitle(detail, title)).toBe(true);
  });

  it.each([
    // A tier or a spend the title leaves out.
    ["$60 off $200+", "Spend more, save more: up to $60 off"],
    ["$10 off $50", "Save up to $60 on your order"],
    // Another figure, or another currency with the same number.
    ["30% off", "25% off home essentials"],
    ["£15 off", "$15 off your first order"],
    // No figures, and words the title does not have.
    ["free gift with purchase", "Free shipping this weekend"],
    ["buy 3, get 1 free", "Tire sale"],
  ])("%j after %j is news", (detail, title) => {
    expect(restatesTitle(detail, title)).toBe(false);
  });
});
