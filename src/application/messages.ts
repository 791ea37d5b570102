import type { GoogleFlow } from "./ports/auth";

/**
 * The SPA's texts that machines show in toasts and panels, written once (docs/product.md, "Errors", gives the wording).
 * Views and stories that show the same text import it from here.
 */

/** The toast title of a failed request (docs/product.md, "Failed requests"), and of one refused because the session has ended. */
export const REQUEST_FAILED_TITLE = "Request failed";
export const SESSION_EXPIRED_TITLE = "Your session has expired";

/** The toast title of every failed Google flow (docs/product.md, "Sign-in and the Google round trip"). */
export const GOOGLE_FLOW_FAILED_TITLE = "Error";

/** What a Google flow says when the server cannot start it. */
export const GOOGLE_FLOW_FAILURES: Record<GoogleFlow, string> = {
  signin: "Failed to initiate Google sign-in",
  signup: "Failed to initiate Google sign-up",
  "gmail-signup": "Failed to initiate Google sign-up with Gmail",
  link: "Failed to link Google account",
  "connect-gmail": "Failed to connect Gmail",
};

/** The toast shown when Google's round trip granted Gmail access. */
export const GMAIL_CONNECTED_TITLE = "Gmail Connected";

export const SETTINGS_MESSAGES = {
  loadFailedTitle: "Error loading settings",
  loadFailedFallback: "Failed to fetch settings",
  brandToggleFailed: "Failed to update brand status",
  gmailNotConnected: "Gmail is not connected. Please connect your Gmail account to manage labels.",
} as const;

export const SYNC_MESSAGES = {
  startFailed: "Failed to initiate Gmail sync. Please try again.",
  disconnectFailed: "Failed to disconnect Gmail. Please try again.",
} as const;

export const ACCOUNT_DELETION_MESSAGES = {
  deletedTitle: "Account deleted",
  failedFallback: "Failed to delete your account. Please try again.",
} as const;

/** The early-access toast title for a refusal, with the server's message or a fallback (docs/product.md, "Early-access answers"). */
export const EARLY_ACCESS_REFUSED_TITLE = "Submission Failed";
