import { describe, expect, it } from "vitest";
import { ratio, scoreLabelledFolder } from "../../../server/cli/scoring";

/**
 * The thresholds, on labelled sets written apart from the rules: test/fixtures/extraction/holdout and
 * holdout2 (a second author's styles), each with enough codes to make precision and recall mean something.
 */
describe.each([
  ["test/fixtures/extraction/holdout", 25],
  ["test/fixtures/extraction/holdout2", 20],
])("extractor on the held-out set %s", (folder, minimumCodes) => {
  it("meets the issue's thresholds", async () => {
    const scores = await scoreLabelledFolder(folder);
    const summary = {
      codePrecision: scores.codes.precision,
      codeRecall: scores.codes.recall,
      expiryExact: ratio(scores.expiry),
      brandDomain: ratio(scores.brandDomain),
      brand: ratio(scores.brand),
      category: ratio(scores.category),
      dealsInNonPromotional: scores.dealsInNonPromotional,
    };
    // The mistakes are in the failure message, so a regression says which email broke.
    expect({ ...summary, problems: scores.problems }).toMatchObject({
      codePrecision: expect.toSatisfy((value: number) => value >= 0.98),
      codeRecall: expect.toSatisfy((value: number) => value >= 0.95),
      expiryExact: expect.toSatisfy((value: number) => value >= 0.9),
      brandDomain: expect.toSatisfy((value: number) => value >= 0.98),
      brand: expect.toSatisfy((value: number) => value >= 0.9),
      category: expect.toSatisfy((value: number) => value >= 0.85),
      dealsInNonPromotional: 0,
    });
    expect(scores.codes.labelled).toBeGreaterThanOrEqual(minimumCodes);
  }, 60_000);
});
