import { createTransport, type Transporter } from "nodemailer";
import { MailSendError, type MailSender, type OutgoingMail } from "../../application/reports/ports";

export interface SmtpSettings {
  /** `smtp://user:pass@host:587` (STARTTLS when offered) or `smtps://user:pass@host:465`. */
  smtpUrl: string;
  /** The From of every email: `Deal Finder <reports@example.org>`. */
  from: string;
  /** Connection, greeting and idle limits, in ms; a send never hangs a job for SMTP's default ten minutes. */
  timeoutMs?: number;
}

const DEFAULT_TIMEOUT_MS = 30_000;

/** The nodemailer error fields we classify by (it sets them on the Error it rejects with). */
interface SmtpFailure {
  message?: unknown;
  code?: unknown;
  responseCode?: unknown;
  command?: unknown;
}

/**
 * A 5xx reply is a refusal that will not change on retry; a 4xx reply ("try later"), a dropped or refused
 * connection, a timeout or a TLS failure may pass next time. Only a 5xx to RCPT TO refuses the address itself.
 */
export function classifySmtpFailure(error: unknown): MailSendError {
  const failure = (typeof error === "object" && error !== null ? error : {}) as SmtpFailure;
  const message = typeof failure.message === "string" ? failure.message : String(error);
  const responseCode = typeof failure.responseCode === "number" ? failure.responseCode : null;
  const permanent = responseCode !== null && responseCode >= 500 && responseCode < 600;
  const recipientRefused = permanent && failure.command === "RCPT TO";
  return new MailSendError(message, permanent ? "permanent" : "transient", recipientRefused, responseCode);
}

/**
 * MailSender over SMTP with nodemailer. Connections are pooled (two, reused across messages): a weekly batch then
 * pays a connection's setup once, not per message. A refusal or a dropped connection fails only the message it met.
 */
export class NodemailerMailSender implements MailSender {
  private readonly transport: Transporter;
  private readonly from: string;

  constructor(settings: SmtpSettings) {
    const url = URL.canParse(settings.smtpUrl) ? new URL(settings.smtpUrl) : null;
    if (!url || (url.protocol !== "smtp:" && url.protocol !== "smtps:")) throw new Error("SMTP_URL must be an smtp:// or smtps:// address");
    const timeoutMs = settings.timeoutMs ?? DEFAULT_TIMEOUT_MS;
    this.transport = createTransport({
      url: settings.smtpUrl,
      pool: true,
      maxConnections: 2,
      connectionTimeout: timeoutMs,
      greetingTimeout: timeoutMs,
      socketTimeout: timeoutMs,
    });
    this.from = settings.from;
  }

  async send(mail: OutgoingMail): Promise<{ messageId: string }> {
    try {
      const info = await this.transport.sendMail({
        from: this.from,
        to: mail.to,
        subject: mail.subject,
        html: mail.html,
        text: mail.text,
        headers: { ...mail.headers },
        // The message is ours alone: nodemailer must not fetch a file or a URL named in it.
        disableFileAccess: true,
        disableUrlAccess: true,
      });
      return { messageId: info.messageId };
    } catch (error) {
      throw classifySmtpFailure(error);
    }
  }

  close(): void {
    this.transport.close();
  }
}
