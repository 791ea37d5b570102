/** The link a deal leads to. */
import type { HtmlLink } from "./html";
import type { PromotionMarkup } from "./markup";
import { webUrl } from "./sanitize";

const CTA_TEXT = /\b(?:shop|buy|book|claim|get|subscribe|upgrade|start|order|apply|design|reserve|see|find|open|redeem|save|browse|explore|discover|comprar|learn more|sign up|join)\b/i;
const NON_DEAL_LINK = /unsubscribe|preferences|privacy|view in browser|view online|terms|help|contact|facebook|instagram|twitter|pinterest|tiktok|youtube|linkedin|mailto:|tel:/i;

/** The destination of a click-tracking redirect when it carries one in its query ("?url=https%3A..."). */
export function unwrapTrackedUrl(href: string): string {
  const url = URL.parse(href);
  if (!url) return href;
  for (const value of url.searchParams.values()) {
    const destination = /^https?:\/\/[^/]+\.[^/]+/i.test(value) ? webUrl(value) : null;
    if (destination) return destination;
  }
  return href;
}

/** The link the deal leads to: the markup's, else the call to action, else the first web link, else the sender's site. */
export function pickDealUrl(links: readonly HtmlLink[], markup: PromotionMarkup | null): string | null {
  const fromMarkup = markup?.cards.find((card) => card.url)?.url ?? null;
  if (fromMarkup) return fromMarkup;
  // Links are read in order and URLs parsed only as far as the first call to action: a template may hold hundreds.
  let firstWeb: string | null = null;
  let chosen: string | null = null;
  for (const link of links) {
    if (NON_DEAL_LINK.test(`${link.text} ${link.href}`)) continue;
    const callToAction = CTA_TEXT.test(link.text);
    if (!callToAction && firstWeb !== null) continue;
    const url = webUrl(link.href);
    if (!url) continue;
    if (callToAction) {
      chosen = url;
      break;
    }
    firstWeb = url;
  }
  chosen ??= firstWeb;
  return chosen ? unwrapTrackedUrl(chosen) : (markup?.organizationUrl ?? null);
}
