import { createActor } from "xstate";
import { createContainer } from "../../src/infrastructure/container";
import { FETCH } from "../../src/infrastructure/http/httpClient";
import { LOCAL_STORAGE, SESSION_STORAGE } from "../../src/infrastructure/storage/localSessionStore";
import { Navigation } from "../../src/application/ports/platform";
import { DashboardLogic } from "../../src/application/services";
import { FakeNavigation, MemoryStorage, type FakeApi } from "../unit/support";

/** The dashboard machine as the composition root wires it: real adapters and data cache, the API faked at fetch. */
export async function startWiredDashboard(api: FakeApi) {
  const container = createContainer({ apiBaseUrl: "/api", appConfig: null });
  container.rebindValue(FETCH, api.fetch);
  container.rebindValue(LOCAL_STORAGE, new MemoryStorage());
  container.rebindValue(SESSION_STORAGE, new MemoryStorage());
  container.rebindValue(Navigation, new FakeNavigation());
  const actor = createActor(await container.get(DashboardLogic), { input: {} }).start();
  return { container, actor };
}
