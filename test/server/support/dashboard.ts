import { DashboardCodec, DashboardDealsPageCodec, type DashboardDto } from "../../../src/contract";
import { api, decode, type Stack } from "./stack";

/**
 * The whole dashboard as the browser ends up with it: the first answer with every page of deals after it added, so
 * tests compare with all of a person's deals. `query` holds the filters, if any (e.g. "search=sale").
 */
export async function wholeDashboard(stack: Pick<Stack, "apiUrl">, token: string, query = ""): Promise<DashboardDto> {
  const filters = query ? `?${query}` : "";
  const first = decode(DashboardCodec, (await api(stack, "GET", `/dashboard-products${filters}`, { token })).body);
  const deals = [...first.deals];
  for (let cursor = first.nextCursor; cursor !== null; ) {
    const page = decode(
      DashboardDealsPageCodec,
      (await api(stack, "GET", `/dashboard-products/deals?after=${cursor}${query ? `&${query}` : ""}`, { token })).body,
    );
    deals.push(...page.deals);
    cursor = page.nextCursor;
  }
  return { ...first, deals, nextCursor: null };
}
