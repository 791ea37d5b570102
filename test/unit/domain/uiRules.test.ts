import { describe, expect, it } from "vitest";
import { oauthErrorMessage, oauthSuccessMessage, readOAuthCallbackParams } from "../../../src/domain/oauthCallback";
import { dashboardGreeting } from "../../../src/domain/greeting";
import { displayNameOf, initialsOf } from "../../../src/domain/profile";

describe("OAuth callback rules", () => {
  it("reads the query parameters, missing ones as null", () => {
    expect(readOAuthCallbackParams("?success=true&action=signin&tokens=abc")).toEqual({
      error: null,
      message: null,
      success: "true",
      action: "signin",
      tokens: "abc",
    });
  });

  it("prefers the catalogue message over the supplied one for known codes", () => {
    expect(oauthErrorMessage("invalid_state", "raw")).toBe("Invalid authentication state. Please try signing in again.");
    expect(oauthErrorMessage("oauth_error", "  ")).toBe("OAuth error occurred. Please try again.");
  });

  it("greets by first name, or by email when there is none", () => {
    const noName = { first_name: null, email: "sam@example.com" };
    expect(oauthSuccessMessage("signup", noName)).toBe("Welcome sam@example.com! Your account has been created with Google.");
    expect(oauthSuccessMessage("signin", { first_name: "Sam", email: "x" })).toBe("Welcome back Sam!");
  });
});

describe("dashboard greeting", () => {
  it("counts new deals, or invites to score some", () => {
    expect(dashboardGreeting(3, { first_name: "Alice", email: "a@x.com" })).toBe("You have 3 new deals today, Alice!");
    expect(dashboardGreeting(0, { first_name: null, email: "bob@x.com" })).toBe("Time to score some deals, bob!");
  });
});

describe("profile display", () => {
  it("uses names when present and the email otherwise", () => {
    expect(displayNameOf({ first_name: "Alice", last_name: "Smith", email: "a@x.com" })).toBe("Alice Smith");
    expect(displayNameOf({ first_name: null, last_name: null, email: "bob@x.com" })).toBe("bob");
    expect(initialsOf({ first_name: "alice", last_name: "smith", email: "a@x.com" })).toBe("AS");
    expect(initialsOf({ first_name: null, last_name: null, email: "bob@x.com" })).toBe("B");
  });
});
