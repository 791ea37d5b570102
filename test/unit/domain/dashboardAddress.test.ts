import { describe, expect, it } from "vitest";
import { DEFAULT_DASHBOARD_ADDRESS, MAX_ADDRESS_SEARCH, dashboardQuery, readDashboardAddress, type DashboardAddress } from "../../../src/domain/dashboardAddress";
import { CATEGORIES } from "../../../src/domain/category";
import { DEAL_VIEWS } from "../../../src/domain/dealLifecycle";
import { SORT_ORDERS } from "../../../src/domain/dealOrder";

const DEAL = "0b6c7a4e-1f7e-4b9e-9c1a-2d3e4f5a6b7c";

describe("the dashboard's address", () => {
  it("is empty for the plain dashboard, and leaves every default out", () => {
    expect(dashboardQuery(DEFAULT_DASHBOARD_ADDRESS)).toBe("");
    expect(dashboardQuery({ ...DEFAULT_DASHBOARD_ADDRESS, filters: { ...DEFAULT_DASHBOARD_ADDRESS.filters, show: "current" } })).toBe("");
    expect(readDashboardAddress("")).toEqual(DEFAULT_DASHBOARD_ADDRESS);
    expect(readDashboardAddress("?")).toEqual(DEFAULT_DASHBOARD_ADDRESS);
  });

  it("reads back every view it writes", () => {
    const views: DashboardAddress[] = [];
    for (const category of [null, ...CATEGORIES])
      for (const show of DEAL_VIEWS)
        for (const sort of SORT_ORDERS)
          views.push({
            filters: { category, search: category ? `${category} & 50% "off"` : "", expiringOnly: sort === "brand", ...(show === "current" ? {} : { show }) },
            sort,
            dealId: show === "used" ? DEAL : null,
          });
    for (const view of views) {
      expect(readDashboardAddress(dashboardQuery(view))).toEqual(view);
      expect(readDashboardAddress(`?${dashboardQuery(view)}`)).toEqual(view);
    }
  });

  it("names its parameters as docs/product.md says", () => {
    const query = dashboardQuery({
      filters: { category: "Travel and Local", search: "hotel", expiringOnly: true, show: "not_working" },
      sort: "newest",
      dealId: DEAL,
    });
    expect(query).toBe(`category=Travel+and+Local&expiring=1&show=not_working&search=hotel&sort=newest&deal=${DEAL}`);
  });

  it("takes a category in any case, as the chips name it", () => {
    expect(readDashboardAddress("category=travel%20AND%20local").filters.category).toBe("Travel and Local");
  });

  it.each([
    ["an unknown category", "category=Weapons", { category: null }],
    ["a category too long", `category=${"Home".repeat(100)}`, { category: null }],
    ["Expiring Soon other than 1", "expiring=true", { expiringOnly: false }],
    ["an unknown view", "show=all", {}],
    ["the current view, which is the default", "show=current", {}],
  ] as const)("ignores %s", (_name, query, filters) => {
    expect(readDashboardAddress(query)).toEqual({ ...DEFAULT_DASHBOARD_ADDRESS, filters: { ...DEFAULT_DASHBOARD_ADDRESS.filters, ...filters } });
  });

  it.each([
    ["a path", "../../settings"],
    ["a script", "<script>alert(1)</script>"],
    ["an id too long", "a".repeat(65)],
    ["an empty id", ""],
  ])("opens no deal for %s", (_name, id) => {
    expect(readDashboardAddress(`deal=${encodeURIComponent(id)}`).dealId).toBeNull();
  });

  it("cuts a long search, keeps its first value, and takes no control characters", () => {
    const { search } = readDashboardAddress(`search=${"a".repeat(10_000)}&search=b`).filters;
    expect(search).toBe("a".repeat(MAX_ADDRESS_SEARCH));
    expect(readDashboardAddress("search=so%0Afa%00").filters.search).toBe("so fa ");
  });

  it("reads only the start of an address too long for a person to write", () => {
    const address = readDashboardAddress(`${"x=1&".repeat(1_000)}category=Home`);
    expect(address.filters.category).toBeNull();
  });

  it("pre-fills the search from the extension's from_domain, unless the address has a search", () => {
    expect(readDashboardAddress("from_domain=brindlemart.com").filters.search).toBe("brindlemart.com");
    expect(readDashboardAddress("from_domain=brindlemart.com&search=sofa").filters.search).toBe("sofa");
    expect(readDashboardAddress("from_domain=%3Cscript%3E").filters.search).toBe("");
  });
});
