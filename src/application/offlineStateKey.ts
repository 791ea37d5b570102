import type { OfflineState } from "./offlineState";
import { serviceToken } from "./services";

/**
 * The offline state (offlineState.ts), made with the dashboard's source when the dashboard loads. A key of its own
 * module, so that the registration every page carries names it without carrying the class.
 */
export const OFFLINE_STATE = serviceToken<Promise<OfflineState>>("OfflineState");
