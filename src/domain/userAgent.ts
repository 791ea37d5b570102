/** Browsers in the order their user agents must be tested: Edge and Opera also say Chrome, Chrome also says Safari. */
const BROWSERS: readonly (readonly [RegExp, string])[] = [
  [/\bEdg(A|iOS)?\//, "Edge"],
  [/\bOPR\//, "Opera"],
  [/\bFirefox\//, "Firefox"],
  [/\b(HeadlessChrome|Chrome|CriOS)\//, "Chrome"],
  [/\bSafari\//, "Safari"],
];
/** Systems in the order they must be tested: Android also says Linux, iOS also says Mac OS X. */
const SYSTEMS: readonly (readonly [RegExp, string])[] = [
  [/\bWindows\b/, "Windows"],
  [/\bAndroid\b/, "Android"],
  [/\b(iPhone|iPad)\b/, "iOS"],
  [/\bMac OS X\b/, "macOS"],
  [/\bCrOS\b/, "ChromeOS"],
  [/\bLinux\b/, "Linux"],
];

export const UNKNOWN_BROWSER = "Unknown browser";

/** A person's name for the browser behind a user agent, e.g. "Chrome on Linux". */
export function browserLabel(userAgent: string | null): string {
  if (!userAgent) return UNKNOWN_BROWSER;
  const browser = BROWSERS.find(([pattern]) => pattern.test(userAgent))?.[1];
  const system = SYSTEMS.find(([pattern]) => pattern.test(userAgent))?.[1];
  if (browser && system) return `${browser} on ${system}`;
  return browser ?? system ?? UNKNOWN_BROWSER;
}
