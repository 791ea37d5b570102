/**
 * The extractor's answer, as the rest of the server sees it. A file of its own, importing nothing of the extractor's,
 * so every rule and the boundary (sanitize.ts) can name these shapes without importing the pipeline.
 */
import type { Category } from "../../src/domain/category";
import type { MailCategoryEvidence } from "../../src/domain/brandCategory";
import type { DealSource } from "../../src/domain/deal";
import type { DealPrice } from "../../src/domain/dealPrice";
import type { DealEvidence } from "../../src/domain/evidence";
import type { LogoEvidence } from "../../src/domain/brandLogo";
import type { Barcode } from "../../src/domain/barcode";

/** A brand's logo as one mail shows it, and what says it is the logo. */
export interface FoundLogo {
  url: string;
  evidence: LogoEvidence;
}

/** The spend or benefit a mail ties to one of its codes ("SAVE10" -> "$10 off $50"). */
export interface CodeCondition {
  code: string;
  condition: string;
}

export interface ExtractedDeal {
  title: string;
  description: string;
  brand: string;
  brandDomain: string;
  category: Category;
  promoCodes: string[];
  discount: string | null;
  terms: string[];
  /** The spend or benefit the mail ties to each code that has its own ("SAVE10" -> "$10 off $50"); empty when none. */
  codeConditions: CodeCondition[];
  expirationDate: string | null;
  dealUrl: string | null;
  imageUrls: string[];
  source: DealSource;
  /**
   * Where each code, the end date, the brand and the category came from, and how sure each is. Absent is unknown: a
   * model's answer (llm.ts) carries none.
   */
  evidence?: DealEvidence;
  /** The brand's logo as this mail shows it (server/extraction/logo.ts); absent or null when it shows none. */
  brandLogo?: FoundLogo | null;
  /** The was/now price the mail states (server/extraction/prices.ts); absent when it states none. */
  price?: DealPrice;
  /** The barcode the mail gives for the offer (barcodes.ts); absent when it gives none. */
  barcode?: Barcode;
}

export interface ExtractedMessage {
  messageId: string | null;
  isPromotion: boolean;
  sender: { name: string | null; address: string | null };
  subject: string | null;
  sentAt: Date | null;
  brand: string | null;
  brandDomain: string | null;
  /** The sender's List-Unsubscribe and List-Unsubscribe-Post headers as written (src/domain/unsubscribe.ts reads them); null when absent. */
  unsubscribe?: { listUnsubscribe: string | null; listUnsubscribePost: string | null };
  deals: ExtractedDeal[];
  /**
   * What the mail says about its brand's trade, when it is a brand's marketing mail: its brand's category is decided
   * over all of its mail with it (src/domain/brandCategory.ts). Absent is none.
   */
  categoryEvidence?: MailCategoryEvidence | null;
}

export interface ExtractionOptions {
  /** Fallback clock when the Date header is missing or unparsable. */
  receivedAt?: Date;
}
