import type { SenderSort } from "../../domain/senders";

/** One brand in "Your senders": what its mail gives, and how to leave its list. */
export interface Sender {
  brandId: string;
  brandName: string;
  domain: string;
  mails: number;
  mailsPerWeek: number;
  dealsFound: number;
  dealsUsed: number;
  saved: Array<{ currency: string; hundredths: number }>;
  /** One-click is done by the server; a mailto: or web link is the person's to open. */
  unsubscribe: { kind: "one-click" } | { kind: "mailto" | "web"; url: string } | null;
  /** When the person left the list with one click here (ISO instant). */
  unsubscribedAt: string | null;
}

export type { SenderSort };

/** "Your senders" on the server. Failures throw RequestError, whose message is the server's sentence. */
export abstract class SendersGateway {
  abstract list(): Promise<Sender[]>;
  abstract one(brandId: string): Promise<Sender>;
  /** The server's one-click POST to the sender; answers the sender as recorded. */
  abstract unsubscribe(brandId: string): Promise<Sender>;
}
