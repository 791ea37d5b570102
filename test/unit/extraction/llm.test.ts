import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { extractWithModel } from "../../../server/extraction/llm";
import { languageModelFromEnv, OpenAiCompatibleModel, parseDeals } from "../../../server/infrastructure/llm/openAiCompatible";
import { buildEmail } from "./email";

interface Recorded {
  path: string;
  authorization: string | undefined;
  body: { model: string; messages: Array<{ role: string; content: string }> };
}

/** A tiny OpenAI-compatible endpoint: answers with whatever the test sets, and records each request. */
let server: Server;
let baseUrl: string;
let reply: { status: number; content: string } = { status: 200, content: "{}" };
const requests: Recorded[] = [];

async function readBody(request: IncomingMessage): Promise<string> {
  let text = "";
  for await (const chunk of request) text += chunk;
  return text;
}

beforeAll(async () => {
  server = createServer(async (request, response) => {
    const body = await readBody(request);
    requests.push({ path: request.url ?? "", authorization: request.headers.authorization, body: JSON.parse(body) });
    response.writeHead(reply.status, { "content-type": "application/json" });
    response.end(JSON.stringify({ choices: [{ message: { role: "assistant", content: reply.content } }] }));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
});

afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

const modelAnswer = (deals: unknown[]) => ({ status: 200, content: JSON.stringify({ deals }) });

describe("OpenAI-compatible language model adapter over real HTTP", () => {
  it("posts the email to /chat/completions with the model and key, and reads the deals back", async () => {
    reply = modelAnswer([{ title: "Tea sale", promoCodes: ["LEAF5"], discount: "5% off", expirationDate: "2026-03-20", category: "Home" }]);
    const model = new OpenAiCompatibleModel({ baseUrl, model: "tiny-test-model", apiKey: "k-123" });
    const deals = await model.proposeDeals({ subject: "S", from: "F", sentAt: null, text: "T", foundCodes: [], foundExpiry: null });
    expect(deals).toEqual([{ title: "Tea sale", promoCodes: ["LEAF5"], discount: "5% off", expirationDate: "2026-03-20", category: "Home" }]);
    const last = requests.at(-1)!;
    expect(last.path).toBe("/v1/chat/completions");
    expect(last.authorization).toBe("Bearer k-123");
    expect(last.body.model).toBe("tiny-test-model");
    expect(last.body.messages[1]!.content).toContain('"subject":"S"');
  });

  it("raises on an HTTP error so the composition can fall back to the rules", async () => {
    reply = { status: 500, content: "" };
    const model = new OpenAiCompatibleModel({ baseUrl, model: "m" });
    await expect(model.proposeDeals({ subject: "", from: "", sentAt: null, text: "", foundCodes: [], foundExpiry: null })).rejects.toThrow(/HTTP 500/);
  });
});

describe("extractWithModel: rules first, then the model for what they missed", () => {
  const raw = buildEmail({ html: "<p>Spring tea sale: 20% off. Your reward: <b>LEAFY-77</b> in your account.</p>" });

  it("adds a model-proposed code only when it appears verbatim in the email", async () => {
    reply = modelAnswer([{ promoCodes: ["LEAFY-77", "INVENTED1"], expirationDate: "2026-03-22" }]);
    const model = new OpenAiCompatibleModel({ baseUrl, model: "m" });
    const message = await extractWithModel(raw, model);
    expect(message.deals[0]?.promoCodes).toEqual(["LEAFY-77"]);
    expect(message.deals[0]?.expirationDate).toBe("2026-03-22");
  });

  it("keeps the rules' answer when the model is off or fails", async () => {
    expect((await extractWithModel(raw, null)).deals[0]?.promoCodes).toEqual([]);
    reply = { status: 503, content: "" };
    const failing = new OpenAiCompatibleModel({ baseUrl, model: "m" });
    const message = await extractWithModel(raw, failing);
    expect(message.deals[0]).toMatchObject({ promoCodes: [], discount: "20% off", source: "text" });
  });

  it("never asks the model about non-promotional mail", async () => {
    const before = requests.length;
    reply = modelAnswer([{ promoCodes: ["X1"] }]);
    const receipt = buildEmail({ subject: "Your order #88 is confirmed", html: "<p>Order total $10.00. Tracking number 1Z.</p>" });
    const message = await extractWithModel(receipt, new OpenAiCompatibleModel({ baseUrl, model: "m" }));
    expect(message.deals).toEqual([]);
    expect(requests.length).toBe(before);
  });
});

describe("configuration", () => {
  it("is off unless both LLM_BASE_URL and LLM_MODEL are set", () => {
    expect(languageModelFromEnv({})).toBeNull();
    expect(languageModelFromEnv({ LLM_BASE_URL: "http://x" })).toBeNull();
    expect(languageModelFromEnv({ LLM_BASE_URL: "http://x", LLM_MODEL: "m", LLM_API_KEY: "k" })).toBeInstanceOf(OpenAiCompatibleModel);
  });

  it("tolerates a code fence and ignores malformed answers", () => {
    expect(parseDeals('```json\n{"deals":[{"promoCodes":["A1B"]}]}\n```')[0]?.promoCodes).toEqual(["A1B"]);
    expect(parseDeals("not json")).toEqual([]);
    expect(parseDeals('{"deals":"nope"}')).toEqual([]);
  });
});
