import { describe, expect, it } from "vitest";
import { childContainer, createContainer } from "../../../src/infrastructure/container";
import { FETCH } from "../../../src/infrastructure/http/httpClient";
import { LOCAL_STORAGE, SESSION_STORAGE } from "../../../src/infrastructure/storage/localSessionStore";
import { Navigation } from "../../../src/application/ports/platform";
import { createQueryClient } from "../../../src/infrastructure/cache/queryCache";
import { DashboardSource } from "../../../src/application/ports/deals";
import { SAMPLE_DASHBOARD } from "../../../src/ui/pages/dashboard/fixtures";
import { FakeApi, FakeNavigation, MemoryStorage, json, settle } from "../support";

async function wire() {
  const api = new FakeApi().on("GET /dashboard-products", () => json(200, SAMPLE_DASHBOARD));
  const container = childContainer(createContainer({ apiBaseUrl: "/api", appConfig: null }));
  container.bind(FETCH).toConstantValue(api.fetch);
  container.bind(LOCAL_STORAGE).toConstantValue(new MemoryStorage());
  container.bind(SESSION_STORAGE).toConstantValue(new MemoryStorage());
  container.bind(Navigation).toConstantValue(new FakeNavigation());
  return { api, source: await container.getAsync(DashboardSource) };
}

describe("the data cache", () => {
  it("uses the settings of docs/product.md's Constants", () => {
    const defaults = createQueryClient().getDefaultOptions();
    expect(defaults.queries).toMatchObject({
      staleTime: 300_000,
      gcTime: 600_000,
      retry: 3,
      refetchOnWindowFocus: true,
      refetchOnReconnect: false,
    });
    expect(defaults.mutations).toMatchObject({ retry: 1 });
    const delay = defaults.queries!.retryDelay as (attempt: number) => number;
    expect([0, 1, 2, 5, 10].map((attempt) => delay(attempt))).toEqual([1_000, 2_000, 4_000, 30_000, 30_000]);
  });

  it("reads pending until loaded, then the same snapshot object until something changes", async () => {
    const { source } = await wire();
    const query = source.watch();
    expect(query.getSnapshot().status).toBe("pending");
    const seen: string[] = [];
    const unsubscribe = query.subscribe(() => seen.push(query.getSnapshot().status));
    await settle();
    const snapshot = query.getSnapshot();
    expect(snapshot.status).toBe("success");
    expect(snapshot.data?.deals).toHaveLength(SAMPLE_DASHBOARD.deals.length);
    expect(query.getSnapshot()).toBe(snapshot);
    expect(seen).toContain("success");
    unsubscribe();
  });

  it("answers a second viewer from the cache", async () => {
    const { api, source } = await wire();
    const first = source.watch();
    const stopFirst = first.subscribe(() => undefined);
    await settle();
    const second = source.watch();
    const stopSecond = second.subscribe(() => undefined);
    await settle();
    expect(second.getSnapshot().status).toBe("success");
    expect(api.count("GET /dashboard-products")).toBe(1);
    await first.refetch();
    expect(api.count("GET /dashboard-products")).toBe(2);
    [stopFirst, stopSecond].forEach((stop) => stop());
  });
});
