import type { MicrodataItem } from "./html";
import { INPUT_LIMITS } from "./limits";
import { webUrl } from "./sanitize";

/** What the sender's Gmail Promotions annotations (schema.org) say about the deal. */
export interface PromotionMarkup {
  organizationName: string | null;
  organizationUrl: string | null;
  /** The Organization's own logo (schema.org `logo`: a URL, an ImageObject, or a list of either), a web URL. */
  organizationLogo: string | null;
  offers: Array<{ description: string | null; code: string | null; startsAt: string | null; endsAt: string | null }>;
  cards: Array<{
    headline: string | null;
    image: string | null;
    url: string | null;
    discountValue: string | null;
    price: string | null;
    priceCurrency: string | null;
  }>;
  /**
   * Offers' prices (schema.org Offer, priceSpecification): the price asked, the list or strike-through price it is
   * compared with, and the currency, as the markup writes them.
   */
  prices: Array<{ price: string | null; listPrice: string | null; currency: string | null }>;
  /** Every schema.org type the markup names, each once ("Restaurant", "Product"): what kind of business sent it. */
  types: string[];
}

type Node = Record<string, unknown>;

function typesOf(node: Node): string[] {
  const type = node["@type"] ?? node.type;
  const list = Array.isArray(type) ? type : [type];
  return list.filter((value): value is string => typeof value === "string").map((value) => value.replace(/^.*[/#]/, ""));
}

/** How many schema.org types are kept of one node, and of the whole markup. */
const MAX_TYPES_PER_NODE = 4;
const MAX_TYPES = 32;
/** The most offer prices kept: the deal's price is the first that reads. */
const MAX_PRICES = 8;
/** A priceSpecification's priceType that names the old price (schema.org's PriceTypeEnumeration, and older words). */
const LIST_PRICE_TYPE = /(?:StrikethroughPrice|ListPrice|SRP|MSRP|RegularPrice|OriginalPrice)$/i;

/** The specification nodes of an offer's priceSpecification, a node or a list of them. */
function specificationsOf(node: Node): Node[] {
  const value = node.priceSpecification;
  const list: unknown[] = Array.isArray(value) ? value.slice(0, MAX_PRICES) : [value];
  return list.filter((item): item is Node => item !== null && typeof item === "object" && !Array.isArray(item));
}

/** An Offer's price, its list price and its currency, from its own fields and its priceSpecification. */
function offerPrice(node: Node): PromotionMarkup["prices"][number] | null {
  const specifications = specificationsOf(node);
  const listSpec = specifications.find((spec) => LIST_PRICE_TYPE.test(text(spec.priceType) ?? ""));
  const saleSpec = specifications.find((spec) => spec !== listSpec && !text(spec.priceType));
  const price = text(node.price) ?? (saleSpec ? text(saleSpec.price) : null);
  const listPrice = listSpec ? text(listSpec.price) : null;
  if (price === null && listPrice === null) return null;
  return { price, listPrice, currency: text(node.priceCurrency) ?? text(listSpec?.priceCurrency) ?? text(saleSpec?.priceCurrency) };
}

/** How far text() looks into nested lists and objects ({"image": [{"url": ...}]} is two levels). */
const TEXT_DEPTH = 4;

function text(value: unknown, depth = 0): string | null {
  if (typeof value === "string") return value.trim() || null;
  if (typeof value === "number") return String(value);
  if (depth >= TEXT_DEPTH) return null;
  if (Array.isArray(value)) return text(value[0], depth + 1);
  if (value && typeof value === "object") {
    const node = value as Node;
    return text(node.url ?? node["@id"] ?? node.name ?? node.contentUrl, depth + 1);
  }
  return null;
}

/** How many entries of a `logo` list are looked at. */
const LOGO_CHOICES = 4;

/** A schema.org `logo`: a URL, an ImageObject (url or contentUrl, never its @id), or a list: its first web URL. */
function logoUrl(value: unknown, depth = 0): string | null {
  if (typeof value === "string") return webUrl(value);
  if (depth > 1) return null;
  if (Array.isArray(value)) {
    for (const entry of value.slice(0, LOGO_CHOICES)) {
      const url = logoUrl(entry, depth + 1);
      if (url) return url;
    }
    return null;
  }
  if (value && typeof value === "object") {
    const node = value as Node;
    return logoUrl(node.url, depth + 1) ?? logoUrl(node.contentUrl, depth + 1);
  }
  return null;
}

/**
 * The objects in parsed JSON-LD, in document order, walked with a stack of our own (a sender may nest thousands of
 * levels) and up to `budget` of them in all.
 */
function collectNodes(value: unknown, into: Node[], budget: number): void {
  const pending: unknown[] = [value];
  while (pending.length > 0 && into.length < budget) {
    const next = pending.pop();
    if (!next || typeof next !== "object") continue;
    const children = Array.isArray(next) ? next : Object.entries(next as Node).filter(([key]) => key !== "@context").map(([, child]) => child);
    if (!Array.isArray(next)) into.push(next as Node);
    // Reversed onto the stack, so that the first child is walked first.
    for (let index = children.length - 1; index >= 0; index--) {
      const child: unknown = children[index];
      if (child && typeof child === "object") pending.push(child);
    }
  }
}

/** JSON-LD as senders write it: tolerates HTML comments, CDATA wrappers and trailing commas. */
function parseJsonLd(source: string): unknown {
  const cleaned = source
    .replace(/^\s*(?:<!--|\/\/\s*<!\[CDATA\[)/, "")
    .replace(/(?:-->|\/\/\s*\]\]>)\s*$/, "")
    .trim();
  try {
    return JSON.parse(cleaned);
  } catch {
    try {
      return JSON.parse(cleaned.replace(/,\s*([}\]])/g, "$1"));
    } catch {
      return null;
    }
  }
}

function microdataToNode(item: MicrodataItem): Node {
  const node: Node = { "@type": item.type };
  for (const [key, value] of Object.entries(item.properties)) node[key] = typeof value === "string" ? value : microdataToNode(value);
  return node;
}

/**
 * Reads DiscountOffer, PromotionCard and Organization nodes from JSON-LD blocks and microdata items. Only the first
 * blocks, each within its size, and the first nodes are read (INPUT_LIMITS); links and images are web URLs or nothing.
 */
export function readPromotionMarkup(jsonLd: readonly string[], microdata: readonly MicrodataItem[]): PromotionMarkup | null {
  const nodes: Node[] = [];
  const blocks = jsonLd.filter((block) => block.length <= INPUT_LIMITS.jsonLdChars).slice(0, INPUT_LIMITS.jsonLdBlocks);
  for (const block of blocks) collectNodes(parseJsonLd(block), nodes, INPUT_LIMITS.markupNodes);
  for (const item of microdata) collectNodes(microdataToNode(item), nodes, INPUT_LIMITS.markupNodes);
  const markup: PromotionMarkup = { organizationName: null, organizationUrl: null, organizationLogo: null, offers: [], cards: [], prices: [], types: [] };
  const allTypes = new Set<string>();
  for (const node of nodes) {
    const types = typesOf(node);
    // A node may list any number of types: the first few say what the sender is.
    for (const type of types.slice(0, MAX_TYPES_PER_NODE)) if (allTypes.size < MAX_TYPES) allTypes.add(type);
    if (types.includes("Organization") && !markup.organizationName) {
      markup.organizationName = text(node.name);
      markup.organizationUrl = webUrl(text(node.url));
    }
    if (types.includes("Organization") && !markup.organizationLogo) markup.organizationLogo = logoUrl(node.logo);
    if (types.includes("DiscountOffer") || (types.includes("Offer") && node.discountCode)) {
      markup.offers.push({
        description: text(node.description) ?? text(node.name),
        code: text(node.discountCode),
        startsAt: text(node.availabilityStarts ?? node.validFrom),
        endsAt: text(node.availabilityEnds ?? node.validThrough),
      });
    }
    if (types.includes("PromotionCard")) {
      markup.cards.push({
        headline: text(node.headline),
        image: webUrl(text(node.image)),
        url: webUrl(text(node.url)),
        discountValue: text(node.discountValue),
        price: text(node.price),
        priceCurrency: text(node.priceCurrency),
      });
    }
    if (types.some((type) => type === "Offer" || type === "AggregateOffer" || type === "DiscountOffer") && markup.prices.length < MAX_PRICES) {
      const price = offerPrice(node);
      if (price) markup.prices.push(price);
    }
  }
  markup.types = [...allTypes];
  if (!markup.organizationName && markup.offers.length === 0 && markup.cards.length === 0 && markup.types.length === 0) return null;
  return markup;
}
