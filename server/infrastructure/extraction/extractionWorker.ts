import { parentPort } from "node:worker_threads";
import { extractWithModel } from "../../extraction/llm";
import type { ExtractionOptions } from "../../extraction";
import { languageModelFromEnv } from "../llm/openAiCompatible";
import type { ExtractionReply, ExtractionTask } from "./extractionPool";

/** One thread of the extraction pool: extracts the messages it is sent, one at a time, and answers each. */
const model = languageModelFromEnv(process.env);

parentPort!.on("message", (task: ExtractionTask) => {
  const options: ExtractionOptions = task.receivedAt ? { receivedAt: task.receivedAt } : {};
  extractWithModel(task.raw, model, options).then(
    (result) => parentPort!.postMessage({ result } satisfies ExtractionReply),
    (error: unknown) => parentPort!.postMessage({ error: error instanceof Error ? error.message : String(error) } satisfies ExtractionReply),
  );
});

parentPort!.postMessage({ ready: true } satisfies ExtractionReply);
