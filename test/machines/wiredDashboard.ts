import { createActor } from "xstate";
import { childContainer, createContainer } from "../../src/infrastructure/container";
import { FETCH } from "../../src/infrastructure/http/httpClient";
import { LOCAL_STORAGE, SESSION_STORAGE } from "../../src/infrastructure/storage/localSessionStore";
import { Clock, Navigation } from "../../src/application/ports/platform";
import { DashboardLogic } from "../../src/application/services";
import { FakeNavigation, MemoryStorage, type FakeApi } from "../unit/support";

/** The dashboard machine as the composition root wires it: real adapters and data cache, the API faked at fetch. */
export async function startWiredDashboard(api: FakeApi, clock?: Clock) {
  const container = childContainer(createContainer({ apiBaseUrl: "/api", appConfig: null }));
  if (clock) container.bind(Clock).toConstantValue(clock);
  container.bind(FETCH).toConstantValue(api.fetch);
  container.bind(LOCAL_STORAGE).toConstantValue(new MemoryStorage());
  container.bind(SESSION_STORAGE).toConstantValue(new MemoryStorage());
  container.bind(Navigation).toConstantValue(new FakeNavigation());
  const actor = createActor(await container.getAsync(DashboardLogic), { input: {} }).start();
  return { container, actor };
}
