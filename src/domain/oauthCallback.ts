import { type User } from "./user";

/** The query parameters Google's round trip leaves on /oauth-callback (docs/product.md, "OAuth callback"). */
export interface OAuthCallbackParams {
  error: string | null;
  message: string | null;
  success: string | null;
  action: string | null;
  tokens: string | null;
}

/** The sentence of each error code the server's redirect may carry (the contract proves it names them all). */
export const OAUTH_ERROR_MESSAGES = {
  invalid_state: "Invalid authentication state. Please try signing in again.",
  authorization_failed: "Google authorization failed. Please try again.",
  user_not_found: "User not found. Please try signing up instead.",
  already_linked: "This account is already linked to Google.",
  email_mismatch: "Google account email must match your account email.",
  google_account_in_use: "This Google account is already linked to another user.",
  linking_failed: "Failed to link Google account. Please try again.",
  signin_failed: "Google sign-in failed. Please try again.",
} as const;

/** The message shown for an error code of the OAuth callback (docs/product.md, "Sign-in errors"). */
export function oauthErrorMessage(code: string, suppliedMessage: string | null): string {
  if (Object.hasOwn(OAUTH_ERROR_MESSAGES, code)) return OAUTH_ERROR_MESSAGES[code as keyof typeof OAUTH_ERROR_MESSAGES];
  const supplied = suppliedMessage?.trim();
  if (supplied) return supplied;
  return code === "oauth_error"
    ? "OAuth error occurred. Please try again."
    : "An error occurred during OAuth. Please try again.";
}

export const OAUTH_MESSAGES = {
  gmailConnected: "Your Gmail account has been successfully connected!",
  noTokens: "No token data received from OAuth callback",
  completionFailed: "Failed to complete OAuth sign-in",
  noSuccessStatus: "OAuth callback completed but no success status received",
  unexpected: "An unexpected error occurred during OAuth completion",
  loginToAccessSettings: "Please log in to access your settings",
  sessionExpired: "Session expired. Please log in again.",
} as const;

/** The greeting after a completed Google round trip, by the action the server reports. */
export function oauthSuccessMessage(action: string | null, user: Pick<User, "first_name" | "email">): string {
  const name = user.first_name?.trim() || user.email;
  if (action === "linking") return "Your Google account has been successfully linked!";
  if (action === "signup") return `Welcome ${name}! Your account has been created with Google.`;
  return `Welcome back ${name}!`;
}

export function readOAuthCallbackParams(search: string): OAuthCallbackParams {
  const query = new URLSearchParams(search);
  return {
    error: query.get("error"),
    message: query.get("message"),
    success: query.get("success"),
    action: query.get("action"),
    tokens: query.get("tokens"),
  };
}
