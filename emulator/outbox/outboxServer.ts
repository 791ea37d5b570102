/**
 * The outbox viewer: what the mail sink received, as a page for people (a list, and each message with its HTML in a
 * sandboxed frame beside its text part) and as JSON for tests. The HTML part is someone's email, so it is served on
 * its own address under a policy that runs no script, loads nothing from anywhere and sandboxes the document.
 */
import Fastify, { type FastifyReply } from "fastify";
import { escapeHtml, htmlPage } from "../html";
import type { SinkMessage } from "./sinkMessage";

export interface OutboxServerOptions {
  host: string;
  port: number;
  messages: () => SinkMessage[];
}

const ID = /^\d{1,12}$/;

const PAGE_POLICY = "default-src 'none'; style-src 'unsafe-inline'; frame-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";
/** No script, no fetch, images only when inlined; the frame's own sandbox too, should a browser open it on its own. */
const MESSAGE_POLICY = "default-src 'none'; style-src 'unsafe-inline'; img-src data:; base-uri 'none'; form-action 'none'; frame-ancestors 'self'; sandbox";

const STYLE = `
body { font-family: system-ui, sans-serif; margin: 0; color: #1f2937; background: #f9fafb; }
main { max-width: 1400px; margin: 0 auto; padding: 16px; }
h1 { font-size: 1.5rem; margin: 0 0 4px; }
p { margin: 0 0 12px; }
table { border-collapse: collapse; width: 100%; background: #fff; }
th, td { text-align: left; padding: 8px; border-bottom: 1px solid #e5e7eb; vertical-align: top; }
a { color: #1d4ed8; }
dl { display: grid; grid-template-columns: max-content 1fr; gap: 4px 12px; margin: 0 0 16px; background: #fff; padding: 12px; }
dt { font-weight: 600; }
dd { margin: 0; overflow-wrap: anywhere; }
.parts { display: flex; flex-wrap: wrap; gap: 16px; }
.parts section { flex: 1 1 420px; min-width: 0; }
h2 { font-size: 1.1rem; margin: 0 0 8px; }
iframe { width: 100%; height: 80vh; border: 1px solid #d1d5db; background: #fff; }
pre { white-space: pre-wrap; overflow-wrap: anywhere; background: #fff; border: 1px solid #d1d5db; padding: 12px; margin: 0; max-height: 80vh; overflow: auto; }
details { margin: 0 0 16px; }
summary { cursor: pointer; padding: 4px 0; }
/* A phone's width: each email of the list is a block of its own, and a header's name stands above its value. */
@media (max-width: 600px) {
  thead { position: absolute; width: 1px; height: 1px; overflow: hidden; clip-path: inset(50%); }
  tr, td { display: block; }
  td { border: none; padding: 2px 12px; }
  tr { padding: 8px 0; border-bottom: 1px solid #e5e7eb; }
  td:last-child { font-weight: 600; }
  dl { grid-template-columns: 1fr; }
  dd + dt { margin-top: 8px; }
}
`;

/** The headers a person reading an email sees, in this order; the technical ones, folded below them. */
const READER_HEADERS = ["from", "to", "date"] as const;
const TECHNICAL_HEADERS = ["subject", "list-unsubscribe", "list-unsubscribe-post", "message-id"] as const;

/** "list-unsubscribe-post" as mail clients write it: "List-Unsubscribe-Post". */
const displayName = (header: string) => header.replace(/(^|-)([a-z])/g, (_match, dash: string, letter: string) => dash + letter.toUpperCase());

function sendPage(reply: FastifyReply, status: number, title: string, content: string): FastifyReply {
  return reply
    .code(status)
    .header("content-security-policy", PAGE_POLICY)
    .header("x-content-type-options", "nosniff")
    .header("referrer-policy", "no-referrer")
    .type("text/html; charset=utf-8")
    .send(htmlPage(title, STYLE, content));
}

function listPage(messages: SinkMessage[]): string {
  const rows = messages
    .map(
      (message) =>
        `<tr><td><time datetime="${escapeHtml(message.receivedAt)}">${escapeHtml(message.receivedAt.replace("T", " ").slice(0, 19))} UTC</time></td><td>${escapeHtml(message.envelopeTo.join(", "))}</td><td><a href="/messages/${escapeHtml(message.id)}">${escapeHtml(message.subject || "(no subject)")}</a></td></tr>`,
    )
    .join("\n");
  const table = messages.length
    ? `<table><thead><tr><th scope="col">Received</th><th scope="col">To</th><th scope="col">Subject</th></tr></thead><tbody>${rows}</tbody></table>`
    : "<p>No email has been sent yet.</p>";
  return `<h1>Outbox</h1>
<p>Every email the app sent in demo mode lands here instead of an inbox. Newest first; reload to see new ones.</p>
${table}`;
}

function messagePage(message: SinkMessage): string {
  const headerList = (names: readonly string[]) =>
    names
      .filter((name) => message.headers[name] !== undefined)
      .map((name) => `<dt>${escapeHtml(displayName(name))}</dt><dd>${escapeHtml(message.headers[name]!)}</dd>`)
      .join("\n");
  const html = message.html
    ? `<iframe src="/messages/${escapeHtml(message.id)}/html" sandbox title="The email's HTML part" referrerpolicy="no-referrer"></iframe>`
    : "<p>This email has no HTML part.</p>";
  const text = message.text !== null ? `<pre>${escapeHtml(message.text)}</pre>` : "<p>This email has no text part.</p>";
  return `<p><a href="/">All emails</a></p>
<h1>${escapeHtml(message.subject || "(no subject)")}</h1>
<dl>${headerList(READER_HEADERS)}</dl>
<details><summary>Technical headers (subject, unsubscribe, message id)</summary><dl>${headerList(TECHNICAL_HEADERS)}</dl></details>
<div class="parts">
<section aria-labelledby="html-part"><h2 id="html-part">HTML</h2>${html}</section>
<section aria-labelledby="text-part"><h2 id="text-part">Plain text</h2>${text}</section>
</div>`;
}

export async function startOutboxServer(options: OutboxServerOptions): Promise<{ url: string; close(): Promise<void> }> {
  const app = Fastify({ logger: false });
  const find = (id: string) => (ID.test(id) ? options.messages().find((message) => message.id === id) : undefined);

  app.get("/", (_request, reply) => sendPage(reply, 200, "Outbox", listPage(options.messages())));

  app.get<{ Params: { id: string } }>("/messages/:id", (request, reply) => {
    const message = find(request.params.id);
    if (!message) return sendPage(reply, 404, "Not found", '<h1>No such email</h1><p><a href="/">All emails</a></p>');
    return sendPage(reply, 200, message.subject || "(no subject)", messagePage(message));
  });

  app.get<{ Params: { id: string } }>("/messages/:id/html", (request, reply) => {
    const message = find(request.params.id);
    if (!message?.html) return reply.code(404).type("text/plain; charset=utf-8").send("No such HTML part");
    return reply
      .header("content-security-policy", MESSAGE_POLICY)
      .header("x-content-type-options", "nosniff")
      .header("referrer-policy", "no-referrer")
      .type("text/html; charset=utf-8")
      .send(message.html);
  });

  app.get("/api/messages", () => ({ messages: options.messages() }));

  app.get<{ Params: { id: string } }>("/api/messages/:id", (request, reply) => {
    const message = find(request.params.id);
    return message ? message : reply.code(404).send({ error: "not_found" });
  });

  const address = await app.listen({ host: options.host, port: options.port });
  return { url: address.replace("://localhost", "://127.0.0.1"), close: () => app.close() };
}
