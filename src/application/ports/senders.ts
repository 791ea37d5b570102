import type { SenderSort } from "../../domain/senders";

/** One sender in "Your senders": what its mail gives, and how to leave its list. */
export interface Sender {
  /** The sender's key: the one-click unsubscribe names it. */
  id: string;
  /** Its brand, whose page it has; null for a sender whose mail never gave a deal. */
  brandId: string | null;
  /** The brand's name, else the name its mail gave, else its domain. */
  name: string;
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
  /** The sender of one of the person's brands (the brand page's card). */
  abstract ofBrand(brandId: string): Promise<Sender>;
  /** The server's one-click POST to the sender; answers the sender as recorded. */
  abstract unsubscribe(senderId: string): Promise<Sender>;
}
