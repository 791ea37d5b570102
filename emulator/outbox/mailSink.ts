/**
 * A local SMTP server that keeps what it receives in memory, and an outbox page to read it: where the demo's and the
 * tests' emails go instead of anyone's inbox. It accepts any sender and any login (the app's SMTP_URL may carry one),
 * keeps at most `maxMessages` and `maxStoredBytes` (the oldest go first), refuses messages over `maxMessageBytes`,
 * and answers chosen recipients with a refusal of the test's choosing (a 5xx bounce, a 4xx "try later").
 */
import type { AddressInfo } from "node:net";
import { SMTPServer, type SMTPServerAddress, type SMTPServerDataStream } from "smtp-server";
import PostalMime, { type Address } from "postal-mime";
import { startOutboxServer } from "./outboxServer";
import type { SinkMessage } from "./sinkMessage";

export type { SinkMessage } from "./sinkMessage";

export interface MailSinkOptions {
  /** Default 127.0.0.1. */
  host?: string;
  /** 0 (the default) = ephemeral. */
  smtpPort?: number;
  /** 0 (the default) = ephemeral. */
  httpPort?: number;
  /** Default 200. */
  maxMessages?: number;
  /** One message's size limit, advertised with SIZE; default 2 MB. */
  maxMessageBytes?: number;
  /** Raw bytes kept across all messages; default 32 MB. */
  maxStoredBytes?: number;
}

export interface MailSink {
  /** smtp://host:port, for SMTP_URL. */
  smtpUrl: string;
  /** http://host:port, the outbox page (JSON at /api/messages). */
  outboxUrl: string;
  /** Newest first. */
  messages(): SinkMessage[];
  /** Answers RCPT TO for this address with `code` (default 550) until `allow`: a bounce, or a 4xx "try later". */
  refuse(address: string, code?: number): void;
  allow(address: string): void;
  clear(): void;
  close(): Promise<void>;
}

const DEFAULTS = { host: "127.0.0.1", maxMessages: 200, maxMessageBytes: 2 * 1024 * 1024, maxStoredBytes: 32 * 1024 * 1024 } as const;

/** A refusal smtp-server sends as the reply: `code message`. */
const smtpError = (code: number, message: string) => Object.assign(new Error(message), { responseCode: code });

const mailboxes = (addresses: readonly Address[] | undefined): string[] =>
  (addresses ?? []).flatMap((entry) => (entry.group ? entry.group.map((member) => member.address) : [entry.address ?? ""])).filter(Boolean);

/** Reads a message's bytes, stopping at the cap: a sender over it gets a 552 and nothing is kept. */
async function readCapped(stream: SMTPServerDataStream): Promise<Buffer | null> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return stream.sizeExceeded ? null : Buffer.concat(chunks);
}

class MessageStore {
  private stored: SinkMessage[] = [];
  private storedBytes = 0;
  private nextId = 1;

  constructor(private readonly maxMessages: number, private readonly maxStoredBytes: number) {}

  add(message: Omit<SinkMessage, "id">): void {
    this.stored.unshift({ ...message, id: String(this.nextId++) });
    this.storedBytes += message.size;
    while (this.stored.length > this.maxMessages || this.storedBytes > this.maxStoredBytes) {
      const oldest = this.stored.pop()!;
      this.storedBytes -= oldest.size;
    }
  }

  list(): SinkMessage[] {
    return [...this.stored];
  }

  clear(): void {
    this.stored = [];
    this.storedBytes = 0;
  }
}

export async function startMailSink(options: MailSinkOptions = {}): Promise<MailSink> {
  const host = options.host ?? DEFAULTS.host;
  const maxMessageBytes = options.maxMessageBytes ?? DEFAULTS.maxMessageBytes;
  const store = new MessageStore(options.maxMessages ?? DEFAULTS.maxMessages, options.maxStoredBytes ?? DEFAULTS.maxStoredBytes);
  const refused = new Map<string, number>();

  const smtp = new SMTPServer({
    name: "outbox.deal-finder.local",
    banner: "Deal Finder local mail sink",
    logger: false,
    // Local and in-process: no TLS to offer, and any login is taken as it comes.
    disabledCommands: ["STARTTLS"],
    authOptional: true,
    allowInsecureAuth: true,
    size: maxMessageBytes,
    maxClients: 20,
    // The client's host name is of no use to a local sink, and a closed network's DNS may never answer.
    disableReverseLookup: true,
    onAuth(auth, _session, callback) {
      callback(null, { user: auth.username ?? "sender" });
    },
    onRcptTo(address: SMTPServerAddress, _session, callback) {
      const code = refused.get(address.address.toLowerCase());
      if (code !== undefined) return callback(smtpError(code, code >= 500 ? "5.1.1 Recipient refused" : "4.2.1 Try again later"));
      callback();
    },
    onData(stream, session, callback) {
      readCapped(stream)
        .then(async (raw) => {
          if (!raw) return callback(smtpError(552, "5.3.4 Message too big"));
          const email = await PostalMime.parse(raw);
          const headers: Record<string, string> = {};
          for (const { key, value } of email.headers) headers[key] = key in headers ? `${headers[key]}\n${value}` : value;
          store.add({
            receivedAt: new Date().toISOString(),
            envelopeFrom: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
            envelopeTo: session.envelope.rcptTo.map((recipient) => recipient.address),
            from: email.from ? mailboxes([email.from])[0] ?? "" : "",
            to: mailboxes(email.to),
            subject: email.subject ?? "",
            headers,
            html: email.html ?? null,
            text: email.text ?? null,
            size: raw.length,
          });
          callback();
        })
        .catch(() => callback(smtpError(554, "5.6.0 Message could not be read")));
    },
  });
  await new Promise<void>((resolve, reject) => {
    smtp.once("error", reject);
    smtp.listen(options.smtpPort ?? 0, host, () => {
      smtp.off("error", reject);
      resolve();
    });
  });
  // A client that misbehaves is its own problem; the sink keeps serving the others.
  smtp.on("error", () => undefined);
  const smtpPort = (smtp.server.address() as AddressInfo).port;

  const closeSmtp = () => new Promise<void>((resolve) => smtp.close(() => resolve()));
  const outbox = await startOutboxServer({ host, port: options.httpPort ?? 0, messages: () => store.list() }).catch(async (error: unknown) => {
    // The SMTP side listens already: a page that cannot start must not leave it holding its port.
    await closeSmtp();
    throw error;
  });

  return {
    smtpUrl: `smtp://${host}:${smtpPort}`,
    outboxUrl: outbox.url,
    messages: () => store.list(),
    refuse(address, code = 550) {
      if (!Number.isInteger(code) || code < 400 || code > 599) throw new RangeError("A refusal is a 4xx or 5xx reply");
      refused.set(address.toLowerCase(), code);
    },
    allow(address) {
      refused.delete(address.toLowerCase());
    },
    clear: () => store.clear(),
    async close() {
      await Promise.all([closeSmtp(), outbox.close()]);
    },
  };
}
