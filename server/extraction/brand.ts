import type { FieldEvidence } from "../../src/domain/evidence";
import { matchesOf } from "../../src/domain/patternMatches";
import { getDomain, getDomainWithoutSuffix } from "tldts";
import { nameMatchesAddress } from "./classify";

/** Registrable domains of email service providers and trackers: never the brand's own domain. */
const SERVICE_DOMAINS = new Set([
  "sendgrid.net", "sendgrid.com", "mailchimpapp.com", "mailchimp.com", "mcsv.net", "rsgsv.net", "mcdlv.net", "list-manage.com",
  "klaviyomail.com", "klaviyo.com", "klclick.com", "klclick1.com", "exacttarget.com", "amazonses.com", "mailgun.org", "mailgun.net",
  "sparkpostmail.com", "cmail19.com", "cmail20.com", "createsend.com", "createsend1.com", "hubspotemail.net", "hubspot.com", "hs-sites.com",
  "constantcontact.com", "ccsend.com", "rs6.net", "sendinblue.com", "brevo.com", "mailjet.com", "postmarkapp.com", "mandrillapp.com",
  "mktomail.com", "mkto.com", "marketo.com", "salesforce.com", "sfmc-content.com", "braze.com", "iterable.com", "customeriomail.com",
  "customer.io", "omnisend.com", "omnisnippet1.com", "attentivemobile.com", "attn.tv", "listrak.com", "bronto.com", "emarsys.net",
  "responsys.net", "oracle-responsys.net", "cheetahmail.com", "epsilon.com", "sailthru.com", "substack.com", "beehiiv.com",
  "convertkit.com", "ck.page", "aweber.com", "getresponse.com", "activecampaign.com", "acems1.com", "drip.com", "shopifyemail.com",
  "shopify.com", "myshopify.com", "campaign-archive.com", "eventbrite.com", "googleusercontent.com", "doubleclick.net",
  "lyris.net", "imakenews.net", "imakenews.com", "mailshell.com", "sneakemail.com", "feedblitz.com", "digitalriver.com",
]);

/** Platforms a brand's mail links to (social profiles, app stores): never its own site, yet a brand when they send. */
const PLATFORM_LINK_DOMAINS = new Set([
  "google.com", "facebook.com", "instagram.com", "twitter.com", "x.com", "pinterest.com", "tiktok.com", "youtube.com", "linkedin.com",
  "apple.com",
]);

/** Mailbox providers: a sender here is a person, not a brand. */
const PERSONAL_MAIL_DOMAINS = new Set([
  "gmail.com", "googlemail.com", "yahoo.com", "hotmail.com", "outlook.com", "live.com", "msn.com", "icloud.com", "me.com", "mac.com",
  "aol.com", "proton.me", "protonmail.com", "gmx.com", "gmx.de", "web.de", "yandex.ru", "mail.ru", "zoho.com", "fastmail.com",
]);

/** The authority of a URL ("https://user@host:443/path" gives "user@host:443"). */
const URL_AUTHORITY = /^[a-z][a-z0-9+.-]*:\/\/([^/?#\\]*)/i;

/** The host of a URL, an address ("news@mail.shop.com", "mailto:...") or a bare host; the query never counts. */
function hostOf(value: string): string {
  const authority = URL_AUTHORITY.exec(value)?.[1] ?? value;
  return authority.slice(authority.lastIndexOf("@") + 1).replace(/:\d*$/, "").trim().toLowerCase();
}

/** Registrable domains of hosts already seen: a mail links to the same few hosts many times, and so do its sender's next mails. */
const domainOfHost = new Map<string, string | null>();
const DOMAIN_CACHE_SIZE = 20_000;

export function registrableDomain(hostOrUrl: string | null | undefined): string | null {
  if (!hostOrUrl) return null;
  const host = hostOf(hostOrUrl);
  let domain = domainOfHost.get(host);
  if (domain === undefined) {
    if (domainOfHost.size >= DOMAIN_CACHE_SIZE) domainOfHost.clear();
    domain = getDomain(host) ?? null;
    domainOfHost.set(host, domain);
  }
  return domain;
}

export function isServiceDomain(domain: string): boolean {
  return SERVICE_DOMAINS.has(domain);
}

export function isPersonalMailDomain(domain: string): boolean {
  return PERSONAL_MAIL_DOMAINS.has(domain);
}

/** Display-name words too common to tie a name to a domain. */
const GENERIC_NAME_WORDS = new Set(["the", "and", "team", "news", "shop", "store", "mail", "email", "deals", "offers", "from"]);

/** True when a domain's label spells the display name or one of its distinctive words ("Fernglow Candle Co." and fernglowcandles.com). */
function domainSpellsName(domain: string, displayName: string): boolean {
  const label = (getDomainWithoutSuffix(domain) ?? "").replace(/-/g, "").toLowerCase();
  const words = displayName.split(/\s+/).map((word) => compact([word])).filter((word) => word.length >= 4 && !GENERIC_NAME_WORDS.has(word));
  const whole = compact(displayName.split(/\s+/));
  return label.length >= 3 && (words.some((word) => label.includes(word)) || (label.length >= 4 && whole.includes(label)));
}

/** Linked registrable domains, most linked first, without services' domains and the excluded one. */
function linkedDomains(linkHrefs: readonly string[], excluded: string | null): string[] {
  const counts = new Map<string, number>();
  for (const href of linkHrefs) {
    if (!/^https?:/i.test(href)) continue;
    const domain = registrableDomain(href);
    if (domain && domain !== excluded && !isServiceDomain(domain) && !PLATFORM_LINK_DOMAINS.has(domain)) {
      counts.set(domain, (counts.get(domain) ?? 0) + 1);
    }
  }
  return [...counts].sort((a, b) => b[1] - a[1]).map(([domain]) => domain);
}

/** What a mail-only domain adds to the site's name: "brandmail", "emailbrand", "brandeblast", "brandnews". */
const MAIL_AFFIXES = /^(?:e?mails?|e?news(?:letters?)?|e?blast|info|offers|deals|promos?|send|lists?|letters?) $|^ (?:e?mails?|e?news(?:letters?)?|e?blast|info|offers|deals|promos?|send|lists?|letters?)$/;

const MAIL_WORD = /mail|news|blast|info|offers|deals|promo|send|list|letter/;

const labelOf = (domain: string) => (getDomainWithoutSuffix(domain) ?? "").replace(/-/g, "").toLowerCase();

/** A mail word joined to the front or back of a site's name ("emailbrand", "brandmail"), and the name it leaves. */
const AFFIXED_NAME = /^(?:e?mails?|e?news(?:letters?)?|e?blast)([a-z0-9]{4,})$|^([a-z0-9]{4,}?)(?:e?mails?|e?news(?:letters?)?|e?blast)$/;

/** The site a mail-only domain stands for when no link names it: "brandmail.co.uk" is brand.co.uk's. */
function siteOfMailDomain(domain: string): string | null {
  const label = (getDomainWithoutSuffix(domain) ?? "").toLowerCase();
  const name = AFFIXED_NAME.exec(label);
  const rest = name?.[1] ?? name?.[2];
  return rest ? `${rest}${domain.slice(label.length)}` : null;
}

/** What else a mail says about who sent it, besides its From header and its links. */
export interface SenderEvidence {
  replyTo?: string | null;
  /** Image URLs: images hosted on the brand's own site name it when click-tracking hides the links. */
  imageUrls?: readonly string[];
  /** The List-Unsubscribe header: a list's own host, even when a relay sends its mail. */
  listUnsubscribe?: string | null;
  /** The text a reader sees: the addresses and sites it writes out, and the footer's company lines. */
  body?: string;
}

/** A domain written out in text: in an address ("help@brand.com"), a URL, or alone ("www.brand.ie", "brand.ie"). */
const WRITTEN_DOMAIN = /(?<![\w.-])((?:[\w.+-]+@)|(?:https?:\/\/))?((?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,6})(?![\w-]|\.[a-z0-9])/gi;

/**
 * Registrable domains the text writes out, each once, without services' domains: `named` are those given as an
 * address or a site's name (what a footer writes to say who it is); `all` adds the hosts of URLs written as text.
 */
function writtenDomains(body: string): { named: string[]; all: string[] } {
  const named = new Set<string>();
  const all = new Set<string>();
  for (const match of matchesOf(WRITTEN_DOMAIN, body)) {
    const domain = registrableDomain(match[2]!.toLowerCase());
    if (!domain || isServiceDomain(domain)) continue;
    all.add(domain);
    if (!match[1]?.includes("/")) named.add(domain);
  }
  return { named: [...named], all: [...all] };
}

/** A relay that writes the brand's own address into its local part: "shop.example@x.relay.net", "news.at.shop.example@...". */
function domainInLocalPart(fromAddress: string | null): string | null {
  const local = fromAddress?.slice(0, fromAddress.lastIndexOf("@")).toLowerCase() ?? "";
  const written = /(?:^|\.at\.)((?:[a-z0-9-]+\.)+[a-z]{2,6})$/.exec(local)?.[1];
  return written ? registrableDomain(written) : null;
}

const LIST_UNSUBSCRIBE_HOST = /<(?:mailto:[^@>]+@|https?:\/\/)([^/?>:]+)/gi;

/** Registrable hosts of a List-Unsubscribe header's mailto: and web addresses, without services' domains. */
function listDomains(header: string | null | undefined): string[] {
  const hosts = matchesOf(LIST_UNSUBSCRIBE_HOST, header ?? "").map((match) => registrableDomain(match[1]!));
  return [...new Set(hosts.filter((domain): domain is string => domain !== null && !isServiceDomain(domain)))];
}

/**
 * The organisation a footer names as the mail's owner: a trademark notice ("ZDNet is a registered service mark of ..."),
 * a service notice ("This is a service of ...", "ein Service der ..."), a copyright line, in that order of precision.
 */
const OWNER_STATEMENTS = [
  /\b([A-Z][\w&'-]*(?:\s+[A-Z][\w&'-]*){0,2})\s+is\s+a\s+(?:registered\s+)?(?:service\s*mark|trade\s*mark)\s+of\b/g,
  /\b(?:[Aa]\s+service\s+of|[Ss]ent\s+(?:to\s+you\s+)?by|[Oo]n\s+behalf\s+of|[Ee]in\s+(?:Service|Dienst)\s+(?:der|des|von)|[Uu]n\s+service\s+(?:de|d'))\s+(?:the\s+)?([A-Z][\w&'-]*(?:\s+[A-Z][\w&'-]*){0,3})/g,
  /(?:©|\([cC]\)|\b[Cc]opyright\b)\s*(?:\([cC]\)\s*)?(?:\d{4}(?:\s*[-–]\s*\d{4})?\s*,?\s*)?([A-Z][\w&'-]*(?:\s+[A-Z][\w&'-]*){0,3})/g,
];

function footerOwners(body: string): string[] {
  return OWNER_STATEMENTS.flatMap((pattern) => matchesOf(pattern, body).map((match) => match[1]!));
}

/**
 * The brand's domain: the From address's registrable domain, or the shop links' domain when an ESP sent it. An ESP
 * missing from the list shows itself the same way: its domain has nothing of the display name, while a domain the
 * links (or the Reply-To, its images' host, a site the text writes out) spell it, or the one the footer names as the
 * owner. A mail-only domain that adds a mail word to a linked site's name (brandmail.com, emailbrand.com for
 * brand.com) stands for that site.
 */
export function brandDomainOf(
  fromAddress: string | null,
  linkHrefs: readonly string[],
  displayName: string | null = null,
  evidence: SenderEvidence = {},
): string | null {
  const fromDomain = registrableDomain(fromAddress);
  const body = evidence.body ?? "";
  if (fromDomain && isServiceDomain(fromDomain)) {
    // A relay's own mail: the list it relays names itself in List-Unsubscribe, else the name leads to the site.
    const named = () => (displayName ? writtenDomains(body).named.find((domain) => domainSpellsName(domain, displayName)) : undefined);
    return linkedDomains(linkHrefs, null)[0] ?? listDomains(evidence.listUnsubscribe)[0] ?? named() ?? fromDomain;
  }
  // A From header with a name and no address: the site the links go to that spells the name.
  if (!fromDomain) return displayName ? (linkedDomains(linkHrefs, null).find((domain) => domainSpellsName(domain, displayName)) ?? null) : null;
  if (!displayName || domainSpellsName(fromDomain, displayName)) {
    const fromLabel = labelOf(fromDomain);
    if (!MAIL_WORD.test(fromLabel)) return fromDomain;
    const site = linkedDomains(linkHrefs, fromDomain).find(
      (domain) => labelOf(domain).length >= 3 && MAIL_AFFIXES.test(fromLabel.replace(labelOf(domain), " ")),
    );
    if (site) return site;
    // Unless the name itself carries the mail word ("Lantern News" is lanternnews.com), the mail word is the ESP's.
    const namedWithMailWord = displayName !== null && compact([displayName]).includes(fromLabel);
    return (namedWithMailWord ? null : siteOfMailDomain(fromDomain)) ?? fromDomain;
  }
  // A publisher's list named after one of its titles ("SearchWidgets" from lists.publisher.com): the text gives the
  // publisher's own addresses, which no sending service's domain would be. (Text without the domain's name is not read.)
  if (body.toLowerCase().includes(fromDomain) && writtenDomains(body).named.includes(fromDomain)) return fromDomain;
  const replyDomain = registrableDomain(/[^<>\s"]+@[^<>\s"]+/.exec(evidence.replyTo ?? "")?.[0]);
  const relayed = domainInLocalPart(fromAddress);
  const candidates = [
    ...linkedDomains(linkHrefs, fromDomain),
    ...(replyDomain && replyDomain !== fromDomain ? [replyDomain] : []),
    ...linkedDomains(evidence.imageUrls ?? [], fromDomain),
    ...(relayed && relayed !== fromDomain ? [relayed] : []),
  ];
  const spellsName = candidates.find((domain) => domainSpellsName(domain, displayName));
  if (spellsName) return spellsName;
  // Else the owner the footer names, among every domain the mail shows; the sender's own domain may be that owner.
  const owners = footerOwners(body);
  const shown = owners.length > 0 ? [fromDomain, ...candidates, ...writtenDomains(body).all] : [];
  for (const owner of owners) {
    const ownerDomain = shown.find((domain) => domainSpellsName(domain, owner));
    if (ownerDomain) return ownerDomain;
  }
  return fromDomain;
}

const DEPARTMENT_SUFFIX =
  /\s*(?:[-–—|:,·]\s*)?\b(?:service|services|service center|team|deals|offers|news|newsletter|updates|alerts|rewards|insider|vip|support|notifications|marketing|customer care|customer service|online|e-?mails?|hq|official|members|member services|orders|billing|accounts?|reservations|bookings|announcements?|(?:'s\s+)?mailing list|angebote|aktionen|kundenservice|kundendienst|offres|bons plans|service client|ofertas|promociones|atención al cliente|offerte|promozioni|servizio clienti|aanbiedingen|acties|klantenservice|promoções|atendimento)\s*$/i;

/** Company-form words that belong to a registered name ("Fernhill Paint Co."): never dropped. */
const LEGAL_FORM = /^(?:co\.?|company|inc\.?|llc|ltd\.?|limited|gmbh|ag|s\.?a\.?|s\.?l\.?|plc|corp\.?)$/i;

const compact = (words: readonly string[]) =>
  words.join("").toLowerCase().normalize("NFD").replace(/\p{M}/gu, "").replace(/&/g, "and").replace(/[^a-z0-9]/g, "");

/** A country or region, or its code, after a shop's name: which of its national shops wrote ("Northloom Deutschland"). */
const COUNTRY_WORD =
  /^(?:deutschland|germany|österreich|austria|schweiz|suisse|svizzera|switzerland|france|españa|espana|spain|italia|italy|nederland|netherlands|belgi[eë]|belgique|belgium|portugal|brasil|brazil|m[ée]xico|canada|ireland|australia|europe|eu|international|intl|global|uk|us|usa|de|fr|es|it|nl|at|ch|be|pt|br|mx)$/i;

/**
 * "Wrenchly Auto Parts" from wrenchly.com is Wrenchly: when the domain spells only the leading words, two or more words
 * after them describe a trade or department, and one that names a country says which national shop wrote. One trade
 * word is how people say the name ("Lumen Beauty"), and a company form ("Co.", "Inc.") or a joined name ("Tire & Auto")
 * stays.
 */
function withoutTradeWords(name: string, domain: string | null): string {
  const label = domain ? getDomainWithoutSuffix(domain) : null;
  const words = name.split(" ");
  if (!label || words.length < 2) return name;
  for (let count = 1; count < words.length; count++) {
    if (compact(words.slice(0, count)) !== label.replace(/-/g, "")) continue;
    const trailing = words.slice(count);
    const countryOnly = trailing.length === 1 && COUNTRY_WORD.test(trailing[0]!);
    if ((trailing.length < 2 && !countryOnly) || trailing[0] === "&" || trailing.some((word) => LEGAL_FORM.test(word))) return name;
    return words.slice(0, count).join(" ");
  }
  return name;
}

/**
 * "Ada Quill" <adaq@brightforge.com>: a person writing from an organisation's own domain, whose name spells their mailbox
 * but not the domain. The brand is the organisation. ("Rowan Tate" <notify@rowantate.com> is their own brand, and so is
 * a writer mailing through a newsletter platform.)
 */
export function isStaffName(displayName: string | null, address: string | null, domain: string | null): boolean {
  const ownDomain = domain !== null && registrableDomain(address?.split("@")[1]) === domain && !SERVICE_DOMAINS.has(domain);
  return ownDomain && displayName !== null && nameMatchesAddress(displayName, address) && !domainSpellsName(domain, displayName);
}

/** A display name that is an address, or only a mailbox's role ("Mailer", "No-Reply"), names no brand. */
const NOT_A_NAME = /\S@\S+\.\S|^(?:mailer|mailer-daemon|no-?reply|do-?not-?reply|info|news|newsletters?|hello|contact|admin|webmaster|support|team|marketing)$/i;

/** The least of a domain's name spelled out in full after initials ("ny" + "times"). */
const MIN_SPELLED_TAIL = 3;
/** How many words a brand's written name may take ("The Harbor City Ledger"): a bound on the search, not a rule. */
const MAX_NAME_WORDS = 5;
/**
 * Words as written, keeping inner apostrophes and dots ("O'Brennan", "Quillo.com") but not a possessive's ("Rowan
 * Tate's blog": the name is "Rowan Tate"; "Hobb's" is still spelled by its "s"), and "&", which spells "and".
 */
const WRITTEN_WORD = /[\p{L}\p{N}]+(?:['’.](?![sS]\b)[\p{L}\p{N}]+)*|&/gu;

/**
 * "Birch & Bramble" for birchandbramble.com: the domain's name as the mail itself writes it, where the From line gives
 * no name. Only spellings with a capital count (a lowercase run may be an ordinary word: "the essence of"); mixed case
 * wins over shouted capitals, then the most frequent.
 */
function nameAsWritten(domain: string, text: string): string | null {
  const label = domain.split(".")[0]!.replace(/-/g, "");
  const words = matchesOf(WRITTEN_WORD, text);
  const counts = new Map<string, number>();
  const byInitials = new Map<string, number>();
  const count = (start: number, end: number, into: Map<string, number>) => {
    // "The Hollow Ledger": a capital "The" before the name is part of it.
    const from = start > 0 && words[start - 1]![0] === "The" ? words[start - 1]!.index : words[start]!.index;
    const written = text.slice(from, words[end]!.index + words[end]![0].length).replace(/\s+/g, " ");
    into.set(written, (into.get(written) ?? 0) + 1);
  };
  /** The last of the words from `from` that, after `spelled`, spell the whole label; null when they stray from it. */
  const spellsToEnd = (spelled: string, from: number, last: number) => {
    for (let end = from; end < last; end++) {
      spelled += compact([words[end]![0]]);
      if (!label.startsWith(spelled)) return null;
      if (spelled.length === label.length) return end;
    }
    return null;
  };
  for (let start = 0; start < words.length; start++) {
    // "Quillo.com": some brands are named by their whole domain (not when shouted: that is an address in capitals).
    const word = words[start]![0];
    if (word.toLowerCase() === domain && word !== word.toUpperCase()) counts.set(word, (counts.get(word) ?? 0) + 1);
    // Most words cannot start the name: skip them before spelling anything (an accented capital may still).
    if ((word[0]!.toLowerCase() !== label[0] && word.charCodeAt(0) < 0x80) || !/[\p{L}\p{N}]/u.test(word)) continue;
    const last = Math.min(words.length, start + MAX_NAME_WORDS);
    const whole = spellsToEnd("", start, last);
    if (whole !== null) {
      count(start, whole, counts);
      continue;
    }
    // "The Harbor City Ledger" for hcledger.com: two or more capitalised words by their initials, then at least a word's
    // worth in full. Only where the mail never writes the name whole ("FOTW" stays the acronym it writes).
    let initials = "";
    for (let split = start; split < last - 1 && /^\p{Lu}/u.test(words[split]![0]); split++) {
      initials += words[split]![0][0]!.toLowerCase();
      if (!label.startsWith(initials)) break;
      const end = split > start && label.length - initials.length >= MIN_SPELLED_TAIL ? spellsToEnd(initials, split + 1, last) : null;
      if (end !== null) {
        count(start, end, byInitials);
        break;
      }
    }
  }
  const shouted = (written: string) => (written === written.toUpperCase() ? 1 : 0);
  const best = (spellings: Map<string, number>) =>
    [...spellings].filter(([written]) => written !== written.toLowerCase()).sort(([a, countA], [b, countB]) => shouted(a) - shouted(b) || countB - countA)[0]?.[0];
  return best(counts) ?? best(byInitials) ?? null;
}

/**
 * The brand as a person names it: the From display name without department suffixes or quotes; without one, the
 * domain's name as the mail's text writes it, else as the domain spells it.
 */
export function brandNameOf(
  displayName: string | null,
  organizationName: string | null,
  domain: string | null,
  text = "",
  fromAddress: string | null = null,
): string | null {
  return brandNameWithEvidence(displayName, organizationName, domain, text, fromAddress)?.name ?? null;
}

/**
 * brandNameOf, with where the name came from: the markup's organisation (stated), the sender's display name (stated:
 * the shop signs its mail), or only its domain (inferred).
 */
export function brandNameWithEvidence(
  displayName: string | null,
  organizationName: string | null,
  domain: string | null,
  text = "",
  fromAddress: string | null = null,
): { name: string; evidence: FieldEvidence } | null {
  if (organizationName) return { name: organizationName, evidence: { kind: "markup", confidence: "stated" } };
  // Quotes, a trailing colon and emoji are decoration around the name; "Cloudhem .ie" is the site Cloudhem.ie; a country in
  // brackets says which national shop wrote ("Cloudhem (US)").
  let name = (displayName ?? "")
    .replace(/[\p{Extended_Pictographic}\uFE0F\u200d]/gu, "")
    .replace(/^["'\s]+|["'\s:]+$/g, "")
    .replace(/\s*\(([^()]*)\)$/, (bracket, inside: string) => (COUNTRY_WORD.test(inside.trim()) ? "" : bracket))
    .replace(/\s+/g, " ")
    .replace(/ \.(?=[a-z]{2,3}$)/i, ".");
  if (NOT_A_NAME.test(name)) name = "";
  // "Larkspur | Sale", "Larkspur - Black Friday", "Larkspur: 20% off": the name, then the mail's pitch.
  name = name.split(/\s+[·|•]\s+|\s+[-–—]\s+|:\s+/)[0]!.trim();
  // "Larkspur via Shopify": the shop, sending through a platform.
  name = name.replace(/\s+via\s+\S.*$/, "");
  const atSplit = /^(.+?)\s+(?:at|from|@)\s+(.+)$/i.exec(name);
  if (atSplit && !/[&]/.test(name)) name = atSplit[2]!;
  for (let guard = 0; guard < 3 && DEPARTMENT_SUFFIX.test(name); guard++) {
    const stripped = name.replace(DEPARTMENT_SUFFIX, "").trim();
    if (!stripped) break;
    // "The Oak & Ivy Team" is Oak & Ivy's team: "The" went with the department, unless the domain spells it too
    // ("The Daily Wren Team" from thedailywren.com is The Daily Wren's).
    name = domain?.startsWith("the") ? stripped : stripped.replace(/^the\s+(?=\S)/i, "");
  }
  if (name) return { name: withoutTradeWords(name, domain), evidence: { kind: "sender", confidence: "stated" } };
  if (!domain) return null;
  const label = domain.split(".")[0]!;
  const fromDomain = nameAsWritten(domain, text) ?? titleInMailbox(fromAddress, text) ?? label.charAt(0).toUpperCase() + label.slice(1);
  return { name: fromDomain, evidence: { kind: "sender", confidence: "inferred" } };
}

/** Shorter mailboxes spell first names and roles ("tim", "offers") more often than titles. */
const MIN_MAILBOX_TITLE = 8;

/**
 * "Garden Table" from gardentable@mail.publisher.com: a publisher mails each of its titles from a mailbox
 * named after it. Only a name of several words that the mail writes out counts, so that a mailbox's role ("offers",
 * "feed") or a first name is never taken for one.
 */
function titleInMailbox(fromAddress: string | null, text: string): string | null {
  const mailbox = fromAddress?.split("@")[0]?.toLowerCase().replace(/[^a-z0-9]/g, "") ?? "";
  if (mailbox.length < MIN_MAILBOX_TITLE) return null;
  const written = nameAsWritten(mailbox, text);
  return written && /\s/.test(written) ? written : null;
}
