import type { FastifyInstance } from "fastify";
import { CONTROL_PREFIX } from "./controlRoutes";

/** One POST to a list's one-click address, as the sender's server saw it. */
export interface RecordedUnsubscribe {
  list: string;
  contentType: string | null;
  body: string;
  /** Whether the request carried a Cookie or an Authorization header (a one-click POST must carry neither). */
  cookie: boolean;
  authorization: boolean;
  userAgent: string | null;
  at: string;
}

/** What the demo senders' one-click addresses received, kept in memory for tests and the demo. */
export class UnsubscribeLog {
  private readonly recorded: RecordedUnsubscribe[] = [];

  record(entry: RecordedUnsubscribe): void {
    // A bound, so a loop of POSTs cannot grow the emulator without end.
    if (this.recorded.length < 1000) this.recorded.push(entry);
  }

  entries(): RecordedUnsubscribe[] {
    return [...this.recorded];
  }
}

/**
 * The demo senders' RFC 8058 one-click endpoint (`List-Unsubscribe: <{{emulator}}/lists/NAME/unsubscribe>` in the
 * demo mailbox), answering as a mail provider does, and a control route that says what it received. Google has
 * neither: they stand in for the senders' own servers.
 */
export function registerUnsubscribeRoutes(app: FastifyInstance, log: UnsubscribeLog): void {
  app.register(async (scope) => {
    // The body is read as text, whatever its declared type, so the log shows exactly what was sent.
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser("*", { parseAs: "string", bodyLimit: 4096 }, (_request, body, done) => done(null, body));
    scope.post<{ Params: { list: string } }>("/lists/:list/unsubscribe", async (request, reply) => {
      log.record({
        list: request.params.list,
        contentType: request.headers["content-type"] ?? null,
        body: typeof request.body === "string" ? request.body : "",
        cookie: request.headers.cookie !== undefined,
        authorization: request.headers.authorization !== undefined,
        userAgent: request.headers["user-agent"] ?? null,
        at: new Date().toISOString(),
      });
      return reply.code(200).type("text/plain; charset=utf-8").send("You are unsubscribed.");
    });
  });

  app.get(`${CONTROL_PREFIX}/unsubscribes`, async () => ({ unsubscribes: log.entries() }));
}
