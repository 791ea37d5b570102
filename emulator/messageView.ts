import { createHash } from "node:crypto";
import { type FastifyInstance } from "fastify";
import { type StoredMessage } from "./gmail/mailbox";
import { decodeText, headerValue, htmlToText, leaves } from "./gmail/mime";
import { escapeHtml, htmlPage } from "./html";

/** Where the emulator shows a message, as Gmail's web page would; the app's "Open in Gmail" links here in demo mode. */
export const MESSAGE_VIEW_PATH = "/mail/messages";

export interface MessageViewDependencies {
  /** A message of any mailbox by its id (ids never repeat across accounts), or undefined. */
  findMessage(id: string): StoredMessage | undefined;
}


const STYLE = `
  body { font-family: system-ui, -apple-system, "Segoe UI", Roboto, Arial, sans-serif; color: #1f1f1f; background: #f6f8fc; margin: 0; }
  main { max-width: 48rem; margin: 2rem auto; background: #fff; border-radius: 1rem; padding: 1.5rem 2rem; }
  h1 { font-size: 1.375rem; font-weight: 400; margin: 0 0 1rem; overflow-wrap: anywhere; }
  dl { display: grid; grid-template-columns: max-content 1fr; gap: .25rem 1rem; margin: 0 0 1.5rem; color: #444746; }
  dt { font-weight: 600; }
  dd { margin: 0; overflow-wrap: anywhere; }
  pre { white-space: pre-wrap; overflow-wrap: anywhere; font: inherit; line-height: 1.5; border-top: 1px solid #c4c7c5; padding-top: 1rem; }
  .note { font-size: .875rem; color: #444746; }
`;

/**
 * The page's policy: nothing may load, run or be framed; only its own inline style applies. The message shows as
 * text, so no image of it (no tracking pixel) is ever fetched.
 */
const CONTENT_SECURITY_POLICY = [
  "default-src 'none'",
  `style-src 'sha256-${createHash("sha256").update(STYLE).digest("base64")}'`,
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join("; ");

/** The message's text: its plain part, else its HTML part's visible text, with runs of blank lines squeezed. */
function bodyText(message: StoredMessage): string {
  const parts = leaves(message.mime);
  const plain = parts.find((part) => part.mimeType === "text/plain");
  const html = parts.find((part) => part.mimeType === "text/html");
  const text = plain ? decodeText(plain) : html ? htmlToText(decodeText(html)) : "";
  return text
    .replace(/[ \t\u00a0]+/g, " ")
    .replace(/ *\r?\n */g, "\n")
    .replace(/\n{3,}/g, "\n\n")
    .trim();
}

const page = (title: string, content: string) => htmlPage(title, STYLE, content);

export function messagePage(message: StoredMessage): string {
  const header = (name: string) => headerValue(message.mime.headers, name) ?? "";
  const subject = header("Subject") || "(no subject)";
  const rows = [
    ["From", header("From")],
    ["To", header("To")],
    ["Date", header("Date") || new Date(message.internalDate).toUTCString()],
  ]
    .filter(([, value]) => value)
    .map(([name, value]) => `<dt>${name}</dt><dd>${escapeHtml(value!)}</dd>`)
    .join("\n");
  return page(
    `${subject} - Gmail (emulator)`,
    `<h1>${escapeHtml(subject)}</h1>
<dl>
${rows}
</dl>
<p class="note">The Google emulator's read-only view of this message, as text; its images are not loaded.</p>
<pre>${escapeHtml(bodyText(message))}</pre>`,
  );
}

/** A read-only view of one message, standing in for Gmail's web page of it. */
export function registerMessageView(app: FastifyInstance, deps: MessageViewDependencies): void {
  app.get<{ Params: { id: string } }>(`${MESSAGE_VIEW_PATH}/:id`, async (request, reply) => {
    reply.header("content-security-policy", CONTENT_SECURITY_POLICY).header("x-content-type-options", "nosniff").header("referrer-policy", "no-referrer");
    const message = deps.findMessage(request.params.id);
    if (!message) return reply.code(404).type("text/html; charset=utf-8").send(page("Message not found - Gmail (emulator)", "<h1>This message is not in any mailbox</h1>"));
    return reply.type("text/html; charset=utf-8").send(messagePage(message));
  });
}
