import { sessionIsStoredIn, storedTokenIn } from "../storage/storedSessionScript";

/** Where the page's inline script keeps the requests it sent, by API path. */
const HOLDER = "__dealFinderEarlyRequests";

interface EarlyRequest {
  token: string;
  response: Promise<Response>;
}

type Holder = Record<string, EarlyRequest | undefined>;

/** The API's base address as the app's HTTP client uses it (README, "Configuration"). */
export const API_BASE_URL: string = import.meta.env.VITE_API_BASE_URL ?? "/api";

/**
 * The classic script written inline at the top of a signed-in page (vite.config.ts) that sends the GET requests of the
 * page's first screen with the stored access token while the app's script is still on its way, instead of after it
 * has run: the answer is then ready when the app asks (takeEarlyResponse). Nothing is sent without a stored session
 * or with an access token that has expired (the app refreshes it first). It asks what the app would ask, with the
 * same headers and timeout; a failure is the app's to meet again with its own request.
 */
export function earlyRequestScript(paths: readonly string[], timeoutMs: number): string {
  return (
    `try{var s=localStorage,t=${storedTokenIn("s")},c=t&&JSON.parse(atob(t.split(".")[1].replace(/-/g,"+").replace(/_/g,"/")));` +
    `if(${sessionIsStoredIn("s", "t")}&&c&&c.exp*1e3>Date.now()+5e3){var h=window.${HOLDER}={};` +
    `${JSON.stringify(paths)}.forEach(function(p){var r=fetch(${JSON.stringify(API_BASE_URL)}+p,{headers:{Accept:"application/json",Authorization:"Bearer "+t},` +
    `credentials:"same-origin",signal:AbortSignal.timeout&&AbortSignal.timeout(${timeoutMs})});r.catch(function(){});h[p]={token:t,response:r}})}}catch(e){}`
  );
}

/**
 * The answer to the early GET of `path`, taken once, if it was sent with `token` (the session stored now): another
 * token's answer is someone else's, or from before a refresh, and is left unused.
 */
export function takeEarlyResponse(path: string, token: string, holder: object = globalThis): Promise<Response> | null {
  const requests = (holder as Record<string, Holder | undefined>)[HOLDER];
  const early = requests?.[path];
  if (!requests || !early) return null;
  delete requests[path];
  return early.token === token ? early.response : null;
}
