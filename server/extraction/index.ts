/**
 * The deal extractor's public face: extractDeals and the shapes it answers with (types.ts). How it reads a message,
 * stage by stage, is pipeline.ts.
 */
import { readDeals } from "./pipeline";
import { sanitizeExtractedMessage } from "./sanitize";
import type { ExtractedMessage, ExtractionOptions } from "./types";

export type { CodeCondition, ExtractedDeal, ExtractedMessage, ExtractionOptions } from "./types";

/**
 * Reads one raw RFC 5322 message and returns the deals it offers. Pure: no I/O, time comes from the message. Every
 * field of the answer is cleaned and capped (sanitize.ts); a message past the input limits (limits.ts) is refused
 * with an UnreadableMessageError.
 */
export async function extractDeals(raw: string | Uint8Array | ArrayBuffer, options: ExtractionOptions = {}): Promise<ExtractedMessage> {
  return sanitizeExtractedMessage(await readDeals(raw, options));
}
