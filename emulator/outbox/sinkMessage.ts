/** A received message as the outbox lists it; its own file, so the sink and the outbox page need not import each other. */
export interface SinkMessage {
  id: string;
  receivedAt: string;
  /** The envelope's sender and recipients (what SMTP was told, which is where it would really go). */
  envelopeFrom: string;
  envelopeTo: string[];
  from: string;
  to: string[];
  subject: string;
  /** Every header, keys lower case; a repeated header's values joined with a newline. */
  headers: Record<string, string>;
  html: string | null;
  text: string | null;
  size: number;
}
