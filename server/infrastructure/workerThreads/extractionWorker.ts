import { parentPort } from "node:worker_threads";
import { extractWithModel } from "../../extraction/llm";
import type { ExtractionOptions } from "../../extraction";
import { UnreadableMessageError } from "../../extraction/limits";
import { languageModelFromEnv } from "../llm/openAiCompatible";
import type { ExtractionReply, ExtractionTask } from "./extractionPool";

/** One thread of the extraction pool: extracts the messages it is sent, one at a time, and answers each. */
const model = languageModelFromEnv(process.env);

/**
 * Why a message could not be read, in words safe to store and log: the limit it broke, or the class of the error.
 * Any other error's message may quote the mail (a parser naming the charset or the text it choked on).
 */
function failureReason(error: unknown): string {
  if (error instanceof UnreadableMessageError) return error.message;
  const name = error instanceof Error && /^\w{1,60}$/.test(error.name) ? error.name : "Error";
  return `Extraction failed (${name})`;
}

parentPort!.on("message", (task: ExtractionTask) => {
  const options: ExtractionOptions = task.receivedAt ? { receivedAt: task.receivedAt } : {};
  extractWithModel(task.raw, model, options).then(
    (result) => parentPort!.postMessage({ result } satisfies ExtractionReply),
    (error: unknown) => parentPort!.postMessage({ error: failureReason(error) } satisfies ExtractionReply),
  );
});

parentPort!.postMessage({ ready: true } satisfies ExtractionReply);
