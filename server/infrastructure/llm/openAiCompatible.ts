import type { DealLanguageModel, LanguageModelDeal, LanguageModelRequest } from "../../extraction/llm";

export interface OpenAiCompatibleConfig {
  /** e.g. http://localhost:11434/v1 ; "/chat/completions" is appended. */
  baseUrl: string;
  model: string;
  apiKey?: string;
  timeoutMs?: number;
}

const SYSTEM_PROMPT = [
  "You read one marketing email and list the deals it offers to the reader.",
  "Answer with JSON only: {\"deals\":[{\"title\":string,\"promoCodes\":string[],\"discount\":string|null,\"expirationDate\":\"YYYY-MM-DD\"|null,\"category\":string|null}]}.",
  "A promo code is a string the reader types or quotes to get the offer, exactly as printed (same case).",
  "Never return order, tracking, SKU, phone or ZIP numbers, colours, verification codes or marketing words (SALE, FREE SHIPPING).",
  "expirationDate is the last day the offer can be used, in the sender's time zone; null when none is stated.",
].join(" ");

/** Adapter for any OpenAI-compatible chat-completions endpoint. */
export class OpenAiCompatibleModel implements DealLanguageModel {
  constructor(private readonly config: OpenAiCompatibleConfig) {}

  async proposeDeals(request: LanguageModelRequest): Promise<LanguageModelDeal[]> {
    const response = await fetch(`${this.config.baseUrl.replace(/\/+$/, "")}/chat/completions`, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        ...(this.config.apiKey ? { authorization: `Bearer ${this.config.apiKey}` } : {}),
      },
      body: JSON.stringify({
        model: this.config.model,
        temperature: 0,
        response_format: { type: "json_object" },
        messages: [
          { role: "system", content: SYSTEM_PROMPT },
          { role: "user", content: JSON.stringify(request) },
        ],
      }),
      signal: AbortSignal.timeout(this.config.timeoutMs ?? 30_000),
    });
    if (!response.ok) throw new Error(`Language model answered HTTP ${response.status}`);
    const body = (await response.json()) as { choices?: Array<{ message?: { content?: string } }> };
    const content = body.choices?.[0]?.message?.content;
    if (!content) throw new Error("Language model answered without content");
    return parseDeals(content);
  }
}

/** Reads the model's JSON answer, tolerating a code fence around it; anything malformed yields no deals. */
export function parseDeals(content: string): LanguageModelDeal[] {
  const json = content.replace(/^\s*```(?:json)?\s*|\s*```\s*$/g, "");
  let parsed: unknown;
  try {
    parsed = JSON.parse(json);
  } catch {
    return [];
  }
  const deals = (parsed as { deals?: unknown })?.deals;
  if (!Array.isArray(deals)) return [];
  return deals
    .filter((deal): deal is Record<string, unknown> => Boolean(deal) && typeof deal === "object")
    .map((deal) => ({
      title: typeof deal.title === "string" ? deal.title : undefined,
      promoCodes: Array.isArray(deal.promoCodes) ? deal.promoCodes.filter((code): code is string => typeof code === "string") : [],
      discount: typeof deal.discount === "string" ? deal.discount : null,
      expirationDate: typeof deal.expirationDate === "string" ? deal.expirationDate : null,
      category: typeof deal.category === "string" ? deal.category : null,
    }));
}

/** The model configured by LLM_BASE_URL and LLM_MODEL (LLM_API_KEY optional), or null: off by default. */
export function languageModelFromEnv(env: Record<string, string | undefined>): OpenAiCompatibleModel | null {
  const baseUrl = env.LLM_BASE_URL?.trim();
  const model = env.LLM_MODEL?.trim();
  if (!baseUrl || !model) return null;
  return new OpenAiCompatibleModel({ baseUrl, model, apiKey: env.LLM_API_KEY?.trim() || undefined });
}
