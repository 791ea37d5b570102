import { extractDeals } from "../extraction";
import { extractWithModel } from "../extraction/llm";
import { languageModelFromEnv } from "../infrastructure/llm/openAiCompatible";
import { readMessages } from "./messageFiles";

/** npm run extract -- PATH... : one JSON line per message on stdout; progress and errors on stderr. */
async function main(paths: string[]): Promise<number> {
  if (paths.length === 0) {
    process.stderr.write("usage: npm run extract -- FILE.eml|FILE.mbox|DIR ...\n");
    return 2;
  }
  const model = languageModelFromEnv(process.env);
  let count = 0;
  let failures = 0;
  for (const { file, raw } of readMessages(paths)) {
    try {
      const message = model ? await extractWithModel(raw, model) : await extractDeals(raw);
      const deals = message.deals.map((deal) => ({
        title: deal.title,
        description: deal.description,
        brand: deal.brand,
        brandDomain: deal.brandDomain,
        category: deal.category,
        promoCodes: deal.promoCodes,
        discount: deal.discount,
        terms: deal.terms,
        codeConditions: deal.codeConditions,
        expirationDate: deal.expirationDate,
        dealUrl: deal.dealUrl,
        imageUrls: deal.imageUrls,
        source: deal.source,
      }));
      process.stdout.write(`${JSON.stringify({ file, messageId: message.messageId, isPromotion: message.isPromotion, deals })}\n`);
    } catch (error) {
      failures++;
      process.stderr.write(`${file}: ${error instanceof Error ? error.message : String(error)}\n`);
    }
    count++;
    if (count % 100 === 0) process.stderr.write(`${count} messages\n`);
  }
  process.stderr.write(`${count} messages, ${failures} failed\n`);
  return failures > 0 && failures === count ? 1 : 0;
}

process.exitCode = await main(process.argv.slice(2));
