const GOOGLE_SCOPE_PREFIX = "https://www.googleapis.com/auth/";

/** Scopes every sign-in may carry; Google shows them without a checkbox. */
const BASIC_SCOPES = new Set([
  "openid",
  "email",
  "profile",
  `${GOOGLE_SCOPE_PREFIX}userinfo.email`,
  `${GOOGLE_SCOPE_PREFIX}userinfo.profile`,
]);

const DESCRIPTIONS: Readonly<Record<string, string>> = {
  openid: "Associate you with your personal info on Google",
  email: "See your primary Google Account email address",
  profile: "See your personal info, including any personal info you've made publicly available",
  [`${GOOGLE_SCOPE_PREFIX}userinfo.email`]: "See your primary Google Account email address",
  [`${GOOGLE_SCOPE_PREFIX}userinfo.profile`]: "See your personal info, including any personal info you've made publicly available",
  [`${GOOGLE_SCOPE_PREFIX}gmail.readonly`]: "View your email messages and settings",
  [`${GOOGLE_SCOPE_PREFIX}gmail.metadata`]: "View your email message metadata such as labels and headers, but not the email body",
  [`${GOOGLE_SCOPE_PREFIX}gmail.labels`]: "See and edit your email labels",
  [`${GOOGLE_SCOPE_PREFIX}gmail.modify`]: "Read, compose, and send emails from your Gmail account",
};

export const GMAIL_READONLY_SCOPE = `${GOOGLE_SCOPE_PREFIX}gmail.readonly`;

/** Scopes that allow reading message bodies, as Google accepts them for messages.get with format=raw/full. */
export const GMAIL_READ_SCOPES = [GMAIL_READONLY_SCOPE, `${GOOGLE_SCOPE_PREFIX}gmail.modify`, "https://mail.google.com/"];

export function isBasicScope(scope: string): boolean {
  return BASIC_SCOPES.has(scope);
}

export function isKnownScope(scope: string): boolean {
  return BASIC_SCOPES.has(scope) || scope.startsWith(GOOGLE_SCOPE_PREFIX) || scope === "https://mail.google.com/";
}

export function describeScope(scope: string): string {
  return DESCRIPTIONS[scope] ?? `Access ${scope}`;
}

export function parseScopeList(scope: string | null | undefined): string[] {
  return [...new Set((scope ?? "").split(/[\s,]+/).filter(Boolean))];
}

export function hasScope(granted: readonly string[], scope: "email" | "profile"): boolean {
  return granted.includes(scope) || granted.includes(`${GOOGLE_SCOPE_PREFIX}userinfo.${scope}`);
}
