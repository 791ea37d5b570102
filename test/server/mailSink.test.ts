import { createServer, type Server } from "node:net";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { startMailSink, type MailSink } from "../../emulator/outbox/mailSink";
import { MailSendError, type OutgoingMail } from "../../server/application/reports/ports";
import { NodemailerMailSender } from "../../server/infrastructure/mail/nodemailerSender";

const FROM = "Deal Finder <reports@deals.example.org>";

const mail = (fields: Partial<OutgoingMail> = {}): OutgoingMail => ({
  to: "reader@example.com",
  subject: "Your deals this week",
  html: "<!DOCTYPE html><html lang=\"en\"><body><p>Hello</p></body></html>",
  text: "Hello",
  headers: {},
  ...fields,
});

async function failureOf(sending: Promise<unknown>): Promise<MailSendError> {
  const error = await sending.then(
    () => null,
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(MailSendError);
  return error as MailSendError;
}

/** An SMTP "server" that takes the connection and drops it at once, as a crashed or overloaded relay does. */
async function droppingServer(): Promise<{ url: string; close: () => Promise<void> }> {
  const server: Server = createServer((socket) => socket.destroy());
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as { port: number };
  return { url: `smtp://127.0.0.1:${port}`, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

describe("sending through the local mail sink", () => {
  let sink: MailSink;
  let sender: NodemailerMailSender;

  beforeAll(async () => {
    sink = await startMailSink({ maxMessages: 3, maxMessageBytes: 20_000 });
    sender = new NodemailerMailSender({ smtpUrl: sink.smtpUrl, from: FROM, timeoutMs: 5_000 });
  });

  afterEach(() => sink.clear());

  afterAll(async () => {
    sender?.close();
    await sink?.close();
  });

  it("takes a message and lists it, with its login accepted as it comes", async () => {
    const withLogin = new NodemailerMailSender({ smtpUrl: sink.smtpUrl.replace("smtp://", "smtp://app:secret@"), from: FROM });
    await withLogin.send(mail({ subject: "With a login" }));
    withLogin.close();
    expect(sink.messages().map((message) => [message.subject, message.envelopeFrom, message.envelopeTo])).toEqual([
      ["With a login", "reports@deals.example.org", ["reader@example.com"]],
    ]);
  });

  it("classifies a 5xx refusal of the address as permanent, and refused for the address", async () => {
    sink.refuse("bounce@example.com");
    const error = await failureOf(sender.send(mail({ to: "bounce@example.com" })));
    expect(error).toMatchObject({ kind: "permanent", recipientRefused: true, responseCode: 550 });
    expect(sink.messages()).toEqual([]);
    sink.allow("bounce@example.com");
    await sender.send(mail({ to: "bounce@example.com" }));
    expect(sink.messages()).toHaveLength(1);
  });

  it("classifies a 4xx answer as transient", async () => {
    sink.refuse("busy@example.com", 451);
    const error = await failureOf(sender.send(mail({ to: "busy@example.com" })));
    expect(error).toMatchObject({ kind: "transient", recipientRefused: false, responseCode: 451 });
    sink.allow("busy@example.com");
  });

  it("refuses a message over its size with a 5xx that is not the address's fault, and keeps nothing", async () => {
    const error = await failureOf(sender.send(mail({ html: `<p>${"x".repeat(50_000)}</p>` })));
    expect(error).toMatchObject({ kind: "permanent", recipientRefused: false, responseCode: 552 });
    expect(sink.messages()).toEqual([]);
  });

  it("classifies a dropped connection and a refused one as transient", async () => {
    const dropping = await droppingServer();
    const toDropping = new NodemailerMailSender({ smtpUrl: dropping.url, from: FROM, timeoutMs: 5_000 });
    const dropped = await failureOf(toDropping.send(mail()));
    expect(dropped).toMatchObject({ kind: "transient", recipientRefused: false, responseCode: null });
    toDropping.close();
    await dropping.close();

    // Nothing listens there any more.
    const toNobody = new NodemailerMailSender({ smtpUrl: dropping.url, from: FROM, timeoutMs: 5_000 });
    expect(await failureOf(toNobody.send(mail()))).toMatchObject({ kind: "transient", responseCode: null });
    toNobody.close();
  });

  it("keeps at most its cap of messages, the newest", async () => {
    for (const n of [1, 2, 3, 4]) await sender.send(mail({ subject: `Message ${n}` }));
    expect(sink.messages().map((message) => message.subject)).toEqual(["Message 4", "Message 3", "Message 2"]);
  });

  it("refuses an SMTP address of another scheme at construction", () => {
    expect(() => new NodemailerMailSender({ smtpUrl: "http://127.0.0.1:25", from: FROM })).toThrow(/smtp:\/\/ or smtps:\/\//);
  });
});

describe("the outbox viewer", () => {
  let sink: MailSink;
  let id: string;

  beforeAll(async () => {
    sink = await startMailSink();
    const sender = new NodemailerMailSender({ smtpUrl: sink.smtpUrl, from: FROM });
    await sender.send(
      mail({
        subject: "<b>Deals</b> & more",
        html: '<!DOCTYPE html><html lang="en"><body><h1>The report</h1><script>parent.document.title = "owned"</script></body></html>',
        text: "The report, <in text>",
        headers: { "List-Unsubscribe": "<https://deals.example.org/api/reports/unsubscribe?token=t>", "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" },
      }),
    );
    sender.close();
    id = sink.messages()[0]!.id;
  });

  afterAll(async () => {
    await sink?.close();
  });

  it("lists what was sent, escaped, under a policy that runs no script", async () => {
    const response = await fetch(`${sink.outboxUrl}/`);
    const page = await response.text();
    expect(response.headers.get("content-security-policy")).toContain("default-src 'none'");
    expect(page).toContain(`<a href="/messages/${id}">&lt;b&gt;Deals&lt;/b&gt; &amp; more</a>`);
    expect(page).toContain("reader@example.com");
  });

  it("shows a message's HTML in a sandboxed frame beside its text part, with its headers, the technical ones folded", async () => {
    const page = await (await fetch(`${sink.outboxUrl}/messages/${id}`)).text();
    expect(page).toMatch(new RegExp(`<iframe src="/messages/${id}/html" sandbox title="[^"]+"`));
    expect(page).toContain("<pre>The report, &lt;in text&gt;");
    expect(page).toContain("<dt>List-Unsubscribe-Post</dt><dd>List-Unsubscribe=One-Click</dd>");
    // What a reader checks first stays in view; the technical headers are folded away.
    expect(page).toMatch(/<dl><dt>From<\/dt>.*<\/dl>\s*<details>/s);
    expect(page).toMatch(/<details>.*List-Unsubscribe-Post.*<\/details>/s);
  });

  it("serves the HTML part alone under a strict, sandboxing policy", async () => {
    const response = await fetch(`${sink.outboxUrl}/messages/${id}/html`);
    const policy = response.headers.get("content-security-policy") ?? "";
    for (const directive of ["default-src 'none'", "sandbox", "frame-ancestors 'self'"]) expect(policy).toContain(directive);
    expect(policy).not.toContain("script-src");
    expect(await response.text()).toContain("<h1>The report</h1>");
  });

  it("answers 404 for a message it does not have, whatever the id looks like", async () => {
    for (const path of ["/messages/999", "/messages/abc", "/messages/1%2F..%2F/html", "/api/messages/999", "/messages/999/html"]) {
      expect((await fetch(`${sink.outboxUrl}${path}`)).status, path).toBe(404);
    }
  });
});
