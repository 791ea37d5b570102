import { describe, expect, it } from "vitest";
import { atLeast, categoryText, endDateText, evidenceLine, isGuess, shortDay, UNKNOWN_EVIDENCE, type DealEvidence } from "../../../src/domain/evidence";

/** The one wording of a deal's end and of a guessed field (docs/product.md, "Evidence"). */

const withEnd = (endDate: DealEvidence["endDate"]): DealEvidence => ({ ...UNKNOWN_EVIDENCE, endDate });

describe("endDateText", () => {
  it("prints the day the email states, or a relative day it states, as 'Ends Sun 29 Nov'", () => {
    expect(endDateText({ expirationDate: "2026-11-29", evidence: withEnd({ kind: "label", confidence: "stated" }) })).toBe("Ends Sun 29 Nov");
    expect(endDateText({ expirationDate: "2026-11-27", evidence: withEnd({ kind: "relative", confidence: "stated" }) })).toBe("Ends Fri 27 Nov");
  });

  it("marks a day that is only inferred as probable", () => {
    expect(endDateText({ expirationDate: "2026-11-29", evidence: withEnd({ kind: "label", confidence: "inferred" }) })).toBe("Probably ends Sun 29 Nov");
  });

  it("says 'Ends soon (no date given)' when the email only implies an end, and nothing when it says nothing", () => {
    expect(endDateText({ expirationDate: null, evidence: withEnd({ kind: "implied", confidence: "guessed" }) })).toBe("Ends soon (no date given)");
    expect(endDateText({ expirationDate: null, evidence: UNKNOWN_EVIDENCE })).toBeNull();
    expect(endDateText({ expirationDate: null })).toBeNull();
  });

  it("prints a stored deal without evidence (unknown) as before: its day", () => {
    expect(endDateText({ expirationDate: "2027-01-01" })).toBe("Ends Fri 1 Jan");
  });
});

describe("guesses", () => {
  it("shows a guessed category as probable, and an inferred or unknown one plainly", () => {
    expect(categoryText("Fashion", { ...UNKNOWN_EVIDENCE, category: { kind: "words", confidence: "guessed" } })).toBe("probably Fashion");
    expect(categoryText("Fashion", { ...UNKNOWN_EVIDENCE, category: { kind: "sender", confidence: "inferred" } })).toBe("Fashion");
    expect(categoryText("Fashion", undefined)).toBe("Fashion");
    expect(isGuess(null)).toBe(false);
  });

  it("orders confidences stated > inferred > guessed", () => {
    expect(atLeast("stated", "inferred")).toBe(true);
    expect(atLeast("guessed", "inferred")).toBe(false);
    expect(atLeast("inferred", "inferred")).toBe(true);
  });

  it("says what a field rests on, a correction as the person's own", () => {
    expect(evidenceLine("Category", { kind: "words", confidence: "guessed" })).toBe("Category: guessed from the email's words");
    expect(evidenceLine("End date", { kind: "label", confidence: "inferred" })).toBe("End date: read from the email's text (probably)");
    expect(evidenceLine("End date", { kind: "corrected", confidence: "stated" })).toBe("End date: you corrected it");
    expect(shortDay("2026-11-29")).toBe("Sun 29 Nov");
  });
});
