import { Navigation, type NavigateOptions } from "../../src/application/ports/platform";

export { MemoryStorage } from "../../src/infrastructure/storage/memoryStorage";

export class FakeNavigation extends Navigation {
  readonly visits: Array<{ path: string; options?: NavigateOptions }> = [];
  readonly assigned: string[] = [];
  constructor(public path = "/dashboard") {
    super();
  }
  currentPath(): string {
    return this.path;
  }
  navigate(path: string, options?: NavigateOptions): void {
    this.visits.push({ path, options });
    this.path = path;
  }
  assign(url: string): void {
    this.assigned.push(url);
  }
}

export interface RecordedRequest {
  method: string;
  url: URL;
  headers: Headers;
  body: unknown;
  credentials: RequestCredentials | undefined;
}

type Handler = (request: RecordedRequest) => Response | Promise<Response>;

/** A stand-in for the API at the fetch boundary: answers by "METHOD /path" and records every request. */
export class FakeApi {
  readonly requests: RecordedRequest[] = [];
  private readonly handlers = new Map<string, Handler[]>();

  /** Answers the next matching request with the handler (the last one given keeps answering). */
  on(route: string, ...handlers: Handler[]): this {
    this.handlers.set(route, handlers);
    return this;
  }

  fetch: typeof fetch = async (input, init) => {
    const url = new URL(String(input), "http://app.test");
    const request: RecordedRequest = {
      method: init?.method ?? "GET",
      url,
      headers: new Headers(init?.headers),
      body: init?.body ? JSON.parse(String(init.body)) : undefined,
      credentials: init?.credentials,
    };
    this.requests.push(request);
    const route = `${request.method} ${url.pathname.replace(/^\/api/, "")}`;
    const queue = this.handlers.get(route);
    if (!queue || queue.length === 0) return json(404, { success: false, code: "not_found", message: `No route ${route}` });
    const handler = queue.length > 1 ? queue.shift()! : queue[0]!;
    if (init?.signal?.aborted) throw new DOMException("Aborted", "AbortError");
    return handler(request);
  };

  count(route: string): number {
    return this.requests.filter((request) => `${request.method} ${request.url.pathname.replace(/^\/api/, "")}` === route).length;
  }
}

export function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });
}

export const ALICE = { id: "u1", email: "alice@example.com", first_name: "Alice", last_name: "Smith", gmail_connected: true };

/** Lets promises, fetch bodies and the data cache's timers run; generous, as a loaded CI machine needs more turns. */
export async function settle(): Promise<void> {
  for (let turn = 0; turn < 50; turn += 1) await new Promise((resolve) => setTimeout(resolve, 0));
}
