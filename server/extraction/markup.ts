import type { MicrodataItem } from "./html";

/** What the sender's Gmail Promotions annotations (schema.org) say about the deal. */
export interface PromotionMarkup {
  organizationName: string | null;
  organizationUrl: string | null;
  offers: Array<{ description: string | null; code: string | null; startsAt: string | null; endsAt: string | null }>;
  cards: Array<{ headline: string | null; image: string | null; url: string | null; discountValue: string | null; price: string | null }>;
}

type Node = Record<string, unknown>;

function typesOf(node: Node): string[] {
  const type = node["@type"] ?? node.type;
  const list = Array.isArray(type) ? type : [type];
  return list.filter((value): value is string => typeof value === "string").map((value) => value.replace(/^.*[/#]/, ""));
}

function text(value: unknown): string | null {
  if (typeof value === "string") return value.trim() || null;
  if (typeof value === "number") return String(value);
  if (Array.isArray(value)) return text(value[0]);
  if (value && typeof value === "object") {
    const node = value as Node;
    return text(node.url ?? node["@id"] ?? node.name ?? node.contentUrl);
  }
  return null;
}

function collectNodes(value: unknown, into: Node[]): void {
  if (Array.isArray(value)) {
    for (const item of value) collectNodes(item, into);
    return;
  }
  if (!value || typeof value !== "object") return;
  const node = value as Node;
  into.push(node);
  for (const [key, child] of Object.entries(node)) {
    if (key !== "@context" && child && typeof child === "object") collectNodes(child, into);
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

/** Reads DiscountOffer, PromotionCard and Organization nodes from JSON-LD blocks and microdata items. */
export function readPromotionMarkup(jsonLd: readonly string[], microdata: readonly MicrodataItem[]): PromotionMarkup | null {
  const nodes: Node[] = [];
  for (const block of jsonLd) collectNodes(parseJsonLd(block), nodes);
  for (const item of microdata) collectNodes(microdataToNode(item), nodes);
  const markup: PromotionMarkup = { organizationName: null, organizationUrl: null, offers: [], cards: [] };
  for (const node of nodes) {
    const types = typesOf(node);
    if (types.includes("Organization") && !markup.organizationName) {
      markup.organizationName = text(node.name);
      markup.organizationUrl = text(node.url);
    }
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
        image: text(node.image),
        url: text(node.url),
        discountValue: text(node.discountValue),
        price: text(node.price),
      });
    }
  }
  if (!markup.organizationName && markup.offers.length === 0 && markup.cards.length === 0) return null;
  return markup;
}
