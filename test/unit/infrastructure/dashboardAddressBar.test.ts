// @vitest-environment jsdom
import { afterEach, describe, expect, it } from "vitest";
import { navigate } from "wouter/use-browser-location";
import { BrowserDashboardAddressBar } from "../../../src/infrastructure/platform/dashboardAddressBar";
import { DEFAULT_DASHBOARD_ADDRESS, dashboardQuery, type DashboardAddress } from "../../../src/domain/dashboardAddress";

const HOME: DashboardAddress = { ...DEFAULT_DASHBOARD_ADDRESS, filters: { ...DEFAULT_DASHBOARD_ADDRESS.filters, category: "Home" } };
const HOME_EXPIRING: DashboardAddress = { ...HOME, filters: { ...HOME.filters, expiringOnly: true } };

/** Waits for the popstate that history.back() sends after the browser moved. */
const popped = () => new Promise<void>((resolve) => window.addEventListener("popstate", () => setTimeout(resolve, 0), { once: true }));

describe("the dashboard's address in the browser", () => {
  const stops: (() => void)[] = [];
  afterEach(() => stops.splice(0).forEach((stop) => stop()));

  it("writes steps into the history, tells of Back and of links, and not of its own writes", async () => {
    navigate("/dashboard?category=pets&deal=d1");
    const bar = new BrowserDashboardAddressBar();
    expect(bar.read()).toMatchObject({ filters: { category: "Pets" }, dealId: "d1" });
    const heard: string[] = [];
    stops.push(bar.watch((address) => heard.push(dashboardQuery(address))));

    const length = window.history.length;
    bar.write(HOME, "push");
    bar.write(HOME_EXPIRING, "push");
    bar.write({ ...HOME_EXPIRING, filters: { ...HOME_EXPIRING.filters, search: "sofa" } }, "replace");
    expect(window.history.length).toBe(length + 2);
    expect(window.location.pathname).toBe("/dashboard");
    expect(window.location.search).toBe("?category=Home&expiring=1&search=sofa");
    expect(heard).toEqual([]);

    const back = popped();
    bar.back();
    await back;
    expect(window.location.search).toBe("?category=Home");
    expect(heard).toEqual(["category=Home"]);

    // A link inside the app to the plain dashboard (the header's) is a change the dashboard follows too.
    navigate("/dashboard");
    expect(heard).toEqual(["category=Home", ""]);
    bar.write(DEFAULT_DASHBOARD_ADDRESS, "replace");
    expect(window.location.search).toBe("");
  });

  it("says nothing when the person leaves the dashboard", () => {
    navigate("/dashboard?category=Home");
    const bar = new BrowserDashboardAddressBar();
    const heard: string[] = [];
    stops.push(bar.watch((address) => heard.push(dashboardQuery(address))));
    navigate("/settings?tab=emails");
    expect(heard).toEqual([]);
  });
});
