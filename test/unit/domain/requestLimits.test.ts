import { describe, expect, it } from "vitest";
import { ACCOUNT_LIMITS, accountLimitMessage, tryAgainIn } from "../../../src/domain/requestLimits";

describe("when to try again, said to a person", () => {
  it.each([
    [0, "in 1 second"],
    [0.2, "in 1 second"],
    [1, "in 1 second"],
    [42, "in 42 seconds"],
    [59.5, "in 1 minute"],
    [60, "in 1 minute"],
    [61, "in 2 minutes"],
    [3599, "in 60 minutes"],
    [3600, "in 60 minutes"],
    [5400, "in 90 minutes"],
    [5401, "in 2 hours"],
  ])("%s s is %s, never sooner than the wait", (seconds, phrase) => {
    expect(tryAgainIn(seconds)).toBe(phrase);
  });

  it("says the account's limit and the wait when refusing past it", () => {
    expect(accountLimitMessage(ACCOUNT_LIMITS.testReport, 2_519)).toBe(
      "Too many test reports: one account may ask for 10 an hour. Please try again in 42 minutes.",
    );
    expect(accountLimitMessage({ name: "x", max: 3, windowMinutes: 1, what: "tries" }, 30)).toBe(
      "Too many tries: one account may ask for 3 a minute. Please try again in 30 seconds.",
    );
    expect(accountLimitMessage({ name: "x", max: 5, windowMinutes: 1440, what: "exports" }, 7_200)).toBe(
      "Too many exports: one account may ask for 5 every 24 hours. Please try again in 2 hours.",
    );
  });

  it("lets an account send at most ten test reports an hour", () => {
    expect(ACCOUNT_LIMITS.testReport).toMatchObject({ max: 10, windowMinutes: 60 });
  });
});
