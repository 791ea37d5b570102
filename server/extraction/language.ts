/**
 * The language a message is written in, which decides how its dates read ("bis Sonntag", "até domingo") and whether
 * numeric dates put the day first. The sender's own declaration wins (Content-Language, <html lang>); without one,
 * the words the text is made of decide.
 */
export type Language = "en" | "de" | "fr" | "es" | "it" | "nl" | "pt";

const KNOWN: ReadonlySet<string> = new Set(["en", "de", "fr", "es", "it", "nl", "pt"]);

/** Enough of the text to tell its language; reading more changes nothing and costs time. */
const SAMPLE_CHARS = 2_000;
/** A language other than English needs this many of its words, and more than English has, to be believed. */
const MIN_WORDS = 4;

/**
 * Short words each language writes in nearly every sentence. The commonest shared ones ("la", "de", "e") are left out;
 * a word two languages still share ("para", "con") counts for both, and the others decide.
 */
const FUNCTION_WORDS: ReadonlyArray<[Language, string]> = [
  ["en", "the and you your with our this for are off now from of"],
  ["de", "und der die das mit für auf dein deine ihr ihre nicht jetzt bis sie ist im zum zur bei noch nur auch"],
  ["fr", "le les et pour vous votre vos sur avec une du est nos au aux jusqu sans chez pas"],
  ["es", "el los las y para con tu tus del por una es nuestros nuestra hasta sin más ahora"],
  ["it", "il gli per con di della dei delle tuo tua sono sul sulla fino nel nella anche ogni più"],
  ["nl", "het een en voor met van op je jouw niet bij alle nu onze ook tot deze naar"],
  ["pt", "os para com do da dos das em seu sua você não até no na nos nas uma mais ao"],
];

/** Each function word to the languages that use it: the text is split into words once and each looked up. */
const LANGUAGES_OF_WORD: ReadonlyMap<string, Language[]> = (() => {
  const map = new Map<string, Language[]>();
  for (const [language, words] of FUNCTION_WORDS) {
    for (const word of words.split(" ")) map.set(word, [...(map.get(word) ?? []), language]);
  }
  return map;
})();

const WORD = /[\p{L}]+/gu;

/** How many function words of each language the start of the text holds. */
function countWords(text: string): Map<Language, number> {
  const counts = new Map<Language, number>();
  // The words as strings, in one native call: a match object per word cost more than the lookups.
  for (const word of text.slice(0, SAMPLE_CHARS).toLowerCase().match(WORD) ?? []) {
    for (const language of LANGUAGES_OF_WORD.get(word) ?? []) counts.set(language, (counts.get(language) ?? 0) + 1);
  }
  return counts;
}


/** The primary subtag of a declared language ("de-AT" gives "de"), when it is one the extractor reads. */
function declared(tag: string | null | undefined): Language | null {
  const primary = (tag ?? "").trim().split(/[-_,;\s]/)[0]!.toLowerCase();
  return KNOWN.has(primary) ? (primary as Language) : null;
}

/** The language of a text by its function words; English when nothing else clearly wins. */
export function languageOfText(text: string): Language {
  return languageOfCounts(countWords(text));
}

function languageOfCounts(counts: ReadonlyMap<Language, number>): Language {
  let best: Language = "en";
  let bestCount = 0;
  for (const [language, count] of counts) {
    if (language !== "en" && count > bestCount) {
      best = language;
      bestCount = count;
    }
  }
  return bestCount >= MIN_WORDS && bestCount > (counts.get("en") ?? 0) ? best : "en";
}

/** Country domains whose shops write in one language. Belgium, Switzerland and Canada write in several: not here. */
const COUNTRY_LANGUAGE: ReadonlyArray<[RegExp, Language]> = [
  [/\.(?:de|at)$/i, "de"],
  [/\.fr$/i, "fr"],
  [/\.(?:es|mx|ar|cl|co|pe|uy)$/i, "es"],
  [/\.it$/i, "it"],
  [/\.nl$/i, "nl"],
  [/\.(?:pt|br)$/i, "pt"],
];

/** The language of the text's words, and whether there were enough of them to say: a short text says little. */
function wordsSay(text: string): { language: Language; sure: boolean } {
  const counts = countWords(text);
  const language = languageOfCounts(counts);
  return { language, sure: language !== "en" || (counts.get("en") ?? 0) >= MIN_WORDS };
}

/**
 * The message's language: the Content-Language header, else the HTML's lang attribute, else the text's words, else
 * the country of the sender's domains when the text is too short to tell. A declaration of English is checked against
 * the text, since templates often keep lang="en" whatever they hold.
 */
export function messageLanguage(
  contentLanguage: string | null | undefined,
  htmlLang: string | null | undefined,
  text: string,
  senderDomains: ReadonlyArray<string | null> = [],
): Language {
  const stated = declared(contentLanguage) ?? declared(htmlLang);
  if (stated && stated !== "en") return stated;
  const words = wordsSay(text);
  if (words.sure || stated === "en") return words.language;
  for (const domain of senderDomains) {
    const country = domain ? COUNTRY_LANGUAGE.find(([tld]) => tld.test(domain)) : undefined;
    if (country) return country[1];
  }
  return words.language;
}
