/**
 * What the extractor agrees to read. A message past one of these is refused with an UnreadableMessageError, and the
 * sync skips and counts it; the extractor's work per message is bounded by its size, not by what the sender wrote.
 */
export const INPUT_LIMITS = {
  /**
   * Bytes of a raw message. Promotional mail is HTML and links (the largest of our corpora is under 200 KB, and Gmail
   * clips a message body past 102 KB); 5 MB leaves room for inline images while keeping a message's parse to a few
   * hundred milliseconds and its memory small on a thread that extracts several messages a second.
   */
  rawBytes: 5 * 1024 * 1024,
  /** Characters of the HTML or text part that is rendered: ten times the largest real body we have seen. */
  bodyChars: 2_000_000,
  /** Elements open at once in the HTML. Real mail nests about 50 deep; the parser's cost grows with the square of it. */
  htmlDepth: 256,
  /** Characters of one JSON-LD block (real ones are a few KB); a longer one is ignored, not the message. */
  jsonLdChars: 100_000,
  /** JSON-LD blocks read per message, and schema.org nodes walked in all (markup and microdata). */
  jsonLdBlocks: 10,
  markupNodes: 1_000,
  /** Characters of a header the extractor reads (a subject, a sender's name); what follows is not read. */
  headerChars: 2_000,
} as const;

/** The message cannot or may not be read. Its message is ours, naming the limit, never the sender's text. */
export class UnreadableMessageError extends Error {
  constructor(reason: string) {
    super(reason);
    this.name = "UnreadableMessageError";
  }
}
