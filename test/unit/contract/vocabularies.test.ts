import { describe, expect, it } from "vitest";
import { isRight } from "fp-ts/Either";
import { EarlyAccessRequestCodec, OAuthErrorCodeCodec, SYNC_ALREADY_RUNNING, ShoppingFrequencyCodec, SyncStatusOutcomeCodec } from "../../../src/contract";
import { SHOPPING_FREQUENCIES } from "../../../src/domain/earlyAccess";
import { OAUTH_ERROR_MESSAGES, oauthErrorMessage } from "../../../src/domain/oauthCallback";
import { syncMessageTone } from "../../../src/domain/gmailSettings";

/** Words both sides of the wire use, each defined once in the contract (or the domain list it is built from). */
describe("the contract's vocabularies", () => {
  it("takes exactly the form's shopping frequencies in an early-access body", () => {
    expect(Object.keys(ShoppingFrequencyCodec.keys)).toEqual([...SHOPPING_FREQUENCIES]);
    expect(isRight(EarlyAccessRequestCodec.decode({ name: "Ada", email: "ada@example.org", shopping_frequency: "weekly" }))).toBe(true);
    expect(isRight(EarlyAccessRequestCodec.decode({ name: "Ada", email: "ada@example.org", shopping_frequency: "yearly" }))).toBe(false);
  });

  it("names every sign-in error code the app has a sentence for, and oauth_error, which takes the server's", () => {
    expect(Object.keys(OAuthErrorCodeCodec.keys).sort()).toEqual([...Object.keys(OAUTH_ERROR_MESSAGES), "oauth_error"].sort());
    for (const code of Object.keys(OAUTH_ERROR_MESSAGES)) expect(oauthErrorMessage(code, "ignored")).not.toBe("ignored");
    expect(oauthErrorMessage("oauth_error", "Google said no")).toBe("Google said no");
  });

  it("gives every sync status outcome a colour, and the 409's sentence the spec's words", () => {
    expect(Object.keys(SyncStatusOutcomeCodec.keys).map((outcome) => syncMessageTone(outcome as never))).toEqual(["info", "warning", "success", "danger"]);
    expect(SYNC_ALREADY_RUNNING).toEqual({ status: 409, code: "sync_in_progress", message: "Sync is already in progress. Please wait for it to complete." });
  });
});
