import { toCategory } from "../../src/domain/category";
import { renderHtml, tidyLines } from "./html";
import { extractDeals } from "./index";
import { parseMessage } from "./mime";
import { sanitizeExtractedMessage } from "./sanitize";
import type { ExtractedDeal, ExtractedMessage, ExtractionOptions } from "./types";

/** What the rules already found, so the model is asked only about what they missed. */
export interface LanguageModelRequest {
  subject: string;
  from: string;
  sentAt: string | null;
  /** The visible text of the email, shortened. */
  text: string;
  foundCodes: string[];
  foundExpiry: string | null;
}

/** A deal as a model proposes it; checked against the email text before it is kept. */
export interface LanguageModelDeal {
  title?: string;
  promoCodes?: string[];
  discount?: string | null;
  expirationDate?: string | null;
  category?: string | null;
}

/** Port: any model that reads an email's text and proposes deals. */
export interface DealLanguageModel {
  proposeDeals(request: LanguageModelRequest): Promise<LanguageModelDeal[]>;
}

const MAX_TEXT = 6000;
const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/**
 * Runs the rules first, then asks the model for what they missed. A proposed code is kept only when it appears
 * verbatim in the email, so the model can add recall but not invent codes. Model failures leave the rules' answer.
 * What the model adds is the sender's text relayed, so the answer is cleaned and capped again, as extractDeals's is.
 */
export async function extractWithModel(
  raw: string | Uint8Array | ArrayBuffer,
  model: DealLanguageModel | null,
  options: ExtractionOptions = {},
): Promise<ExtractedMessage> {
  const extracted = await extractDeals(raw, options);
  if (!model || !extracted.isPromotion) return extracted;
  return sanitizeExtractedMessage(await withModelProposals(raw, model, extracted));
}

async function withModelProposals(raw: string | Uint8Array | ArrayBuffer, model: DealLanguageModel, extracted: ExtractedMessage): Promise<ExtractedMessage> {
  const parsed = await parseMessage(raw);
  const visible = parsed.html ? renderHtml(parsed.html).text : tidyLines(parsed.text ?? "");
  const searchable = `${parsed.subject ?? ""}\n${visible}`;
  const found = extracted.deals.flatMap((deal) => deal.promoCodes);
  let proposals: LanguageModelDeal[];
  try {
    proposals = await model.proposeDeals({
      subject: parsed.subject ?? "",
      from: `${parsed.fromName ?? ""} <${parsed.fromAddress ?? ""}>`,
      sentAt: extracted.sentAt?.toISOString() ?? null,
      text: visible.slice(0, MAX_TEXT),
      foundCodes: found,
      foundExpiry: extracted.deals[0]?.expirationDate ?? null,
    });
  } catch {
    return extracted;
  }
  const newCodes = proposals
    .flatMap((proposal) => proposal.promoCodes ?? [])
    .filter((code) => typeof code === "string" && code.length >= 3 && searchable.includes(code) && !found.includes(code));
  const unique = [...new Set(newCodes)];
  const first = extracted.deals[0];
  if (first) {
    if (unique.length > 0) extracted.deals[0] = { ...first, promoCodes: [...first.promoCodes, ...unique] };
    if (!first.expirationDate) {
      const date = proposals.map((proposal) => proposal.expirationDate).find((value) => value && ISO_DATE.test(value));
      if (date) extracted.deals[0] = { ...extracted.deals[0]!, expirationDate: date };
    }
    return extracted;
  }
  const proposal = proposals[0];
  if (!proposal || (unique.length === 0 && !proposal.discount)) return extracted;
  const deal: ExtractedDeal = {
    title: proposal.title || parsed.subject || "Offer",
    description: proposal.discount ?? "",
    brand: extracted.brand ?? "",
    brandDomain: extracted.brandDomain ?? "",
    category: toCategory(proposal.category),
    promoCodes: unique,
    discount: proposal.discount ?? null,
    terms: [],
    codeConditions: [],
    expirationDate: proposal.expirationDate && ISO_DATE.test(proposal.expirationDate) ? proposal.expirationDate : null,
    dealUrl: null,
    imageUrls: [],
    source: "llm",
  };
  return { ...extracted, deals: [deal] };
}
