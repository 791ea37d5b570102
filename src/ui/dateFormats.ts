/**
 * How the screens write a day or an instant, each formatter made on first use: a page's first Intl formatter loads
 * its locale's data (tens of milliseconds on a phone), which the signed-in pages' start would otherwise wait for while
 * their code is evaluated, though the dashboard shows none of these until a person opens Settings or a deal's Details.
 */
function madeOnFirstUse(locale: string | undefined, options: Intl.DateTimeFormatOptions): () => Intl.DateTimeFormat {
  let format: Intl.DateTimeFormat | undefined;
  return () => (format ??= new Intl.DateTimeFormat(locale, options));
}

/** A day in the browser's own locale: "Nov 28, 2026" in American English, "28 Nov 2026" in British. */
export const dayFormat = madeOnFirstUse(undefined, { dateStyle: "medium" });
/** A day and a time in the browser's own locale: "Nov 28, 2026, 2:05 PM", "28 Nov 2026, 14:05". */
export const dayAndTimeFormat = madeOnFirstUse(undefined, { dateStyle: "medium", timeStyle: "short" });
/** "Nov 28, 2026, 2:05 PM", whatever the browser's locale: beside the product's English texts. */
export const englishDayAndTimeFormat = madeOnFirstUse("en-US", { dateStyle: "medium", timeStyle: "short" });
