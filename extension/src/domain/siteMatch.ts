import { getDomain } from "tldts";
import type { ExtensionCodesDto, ExtensionDealDto } from "../../../src/contract/extension";
import { dayIn, dayStart, isTimeZone } from "../../../src/domain/calendarDay";
import { sortDeals } from "../../../src/domain/deal";
import { isCurrentDeal } from "../../../src/domain/dealLifecycle";

/** A deal as the extension keeps it; answers kept from before deals carried their terms have none. */
export type SiteDeal = Omit<ExtensionDealDto, "terms"> & Partial<Pick<ExtensionDealDto, "terms">>;

/** The registrable domain of a host ("www.shop.example.co.uk" -> "example.co.uk"); null for IP addresses and the like. */
export function registrableDomainOf(host: string): string | null {
  return getDomain(host) ?? null;
}

/**
 * The person's day at `now` for the codes kept (the `today` every function here takes): their own day in the time zone
 * the server sent with the codes, as the server judged them, so a code that ends today is offered until the person's
 * midnight, not UTC's. When this browser does not know that zone, the day the server answered on; for codes kept
 * before answers carried a zone, UTC's day as then.
 */
export function personToday(codes: Partial<Pick<ExtensionCodesDto, "today" | "timeZone">> | null, now: Date): Date {
  if (codes?.timeZone && isTimeZone(codes.timeZone)) return dayStart(dayIn(now, codes.timeZone));
  if (codes?.today) return dayStart(codes.today);
  return dayStart(dayIn(now, "UTC"));
}

/**
 * The deals with codes the person can still use on `today`, soonest end first. The server sends only such deals (no
 * hidden brand, no marked deal); the answer is kept between syncs, so the date is judged again here by the same rule.
 */
export function currentDeals(deals: readonly SiteDeal[], today: Date): SiteDeal[] {
  return sortDeals(
    deals.filter((deal) => deal.codes.length > 0 && isCurrentDeal({ expirationDate: deal.expirationDate, status: null }, today)),
    today,
  );
}

/** The live deals of the brand whose site this host belongs to: worked out here, never asked of a server. */
export function dealsForHost(deals: readonly SiteDeal[], host: string, today: Date): SiteDeal[] {
  const domain = registrableDomainOf(host);
  if (!domain) return [];
  return currentDeals(deals, today).filter((deal) => deal.brandDomain.toLowerCase() === domain);
}

/** How many codes a site has, for the toolbar badge. */
export function codeCount(deals: readonly SiteDeal[]): number {
  return deals.reduce((count, deal) => count + deal.codes.length, 0);
}

/** The popup's search: every word must appear in the brand, the title, the discount or one of the codes. */
export function searchDeals(deals: readonly SiteDeal[], query: string): SiteDeal[] {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return [...deals];
  return deals.filter((deal) => {
    const text = [deal.brand, deal.brandDomain, deal.title, deal.discount ?? "", ...deal.codes.map((code) => code.code)].join(" ").toLowerCase();
    return words.every((word) => text.includes(word));
  });
}

/** The deals that are new since the last sync, by id: what a deal alert announces. */
export function newDeals(previousIds: readonly string[], deals: readonly SiteDeal[]): SiteDeal[] {
  const known = new Set(previousIds);
  return deals.filter((deal) => !known.has(deal.id));
}
