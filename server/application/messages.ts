/**
 * The server's sentences that are said in more than one place, each written once. Texts that one route alone says
 * stay beside that route.
 */

export const SESSION_ENDED = "Your session has ended. Please sign in again.";

export const GMAIL_NOT_CONNECTED = "Gmail is not connected. Connect Gmail first.";
export const GMAIL_ACCESS_WITHDRAWN = "Gmail access was withdrawn at Google. Connect Gmail again in Settings to keep finding deals.";
export const GMAIL_SCOPE_DECLINED = "Deal Finder needs read-only access to your Gmail to find deals. Please allow it to connect Gmail.";

export const SYNC_STARTED = "Gmail sync started.";

export const GOOGLE_SIGN_IN_ONLY = "Deal Finder accounts use Google sign-in only. Please continue with Google.";
export const SIGN_IN_CODE_SPENT = "This sign-in link has expired or was already used. Please sign in again.";
export const SIGN_IN_STARTED_ELSEWHERE = "This sign-in was not started in this browser. Please sign in again here.";
