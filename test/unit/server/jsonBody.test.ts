import Fastify from "fastify";
import { describe, expect, it } from "vitest";
import { MAX_JSON_DEPTH, jsonNestingDepth, registerJsonBodyParser } from "../../../server/http/jsonBody";
import { registerErrorHandling } from "../../../server/http/errors";

const arrays = (depth: number) => `${"[".repeat(depth)}${"]".repeat(depth)}`;
const objects = (depth: number) => `${'{"a":'.repeat(depth)}1${"}".repeat(depth)}`;

describe("jsonNestingDepth", () => {
  it.each([
    ["a scalar", "42", 0],
    ["an empty object", "{}", 1],
    ["siblings", "[[],[],{}]", 2],
    ["mixed nesting", '{"a":[{"b":[1]}]}', 4],
  ])("counts %s", (_name, text, depth) => {
    expect(jsonNestingDepth(text)).toBe(depth);
  });

  it("does not count brackets inside strings", () => {
    expect(jsonNestingDepth('["[[[[{{{{", "]]]]"]')).toBe(1);
    expect(jsonNestingDepth('{"[[[": "{{{"}')).toBe(1);
  });

  it("reads escaped quotes and backslashes as part of the string", () => {
    // The string is [[[" then the array closes: the escaped quote does not end it.
    expect(jsonNestingDepth('["[[[\\"", 1]')).toBe(1);
    // An escaped backslash ends with the string's own quote, so the brackets after it count.
    expect(jsonNestingDepth('["\\\\", [[1]]]')).toBe(3);
    expect(jsonNestingDepth('["\\\\\\"[[[", 1]')).toBe(1);
    expect(jsonNestingDepth('["\\u005b\\u005b", [1]]')).toBe(2);
  });

  it("answers exactly the limit for nesting at the limit, and one more for one level over", () => {
    expect(jsonNestingDepth(arrays(MAX_JSON_DEPTH), MAX_JSON_DEPTH)).toBe(MAX_JSON_DEPTH);
    expect(jsonNestingDepth(objects(MAX_JSON_DEPTH), MAX_JSON_DEPTH)).toBe(MAX_JSON_DEPTH);
    expect(jsonNestingDepth(arrays(MAX_JSON_DEPTH + 1), MAX_JSON_DEPTH)).toBe(MAX_JSON_DEPTH + 1);
    expect(jsonNestingDepth(objects(MAX_JSON_DEPTH + 1), MAX_JSON_DEPTH)).toBe(MAX_JSON_DEPTH + 1);
  });

  it("stops reading once past the limit, and never recurses, whatever the depth", () => {
    expect(jsonNestingDepth("[".repeat(1_000_000), MAX_JSON_DEPTH)).toBe(MAX_JSON_DEPTH + 1);
    expect(jsonNestingDepth("[".repeat(1_000_000))).toBe(1_000_000);
  });

  it("is not lowered by stray closing brackets before the nesting", () => {
    expect(jsonNestingDepth(`${"]".repeat(10)}${arrays(MAX_JSON_DEPTH + 1)}`, MAX_JSON_DEPTH)).toBe(MAX_JSON_DEPTH + 1);
    expect(jsonNestingDepth("[]]}[[[")).toBe(3);
  });
});

describe("the JSON body parser", () => {
  async function post(body: string | Buffer, contentType = "application/json") {
    const app = Fastify();
    registerErrorHandling(app);
    registerJsonBodyParser(app);
    app.post("/echo", async (request) => ({ body: request.body }));
    const response = await app.inject({ method: "POST", url: "/echo", headers: { "content-type": contentType }, payload: body });
    await app.close();
    return { status: response.statusCode, body: response.json<{ body?: unknown; code?: string; message?: string }>() };
  }

  it("parses a body nested exactly to the limit, and refuses one level more with a 400 that says why", async () => {
    expect(await post(objects(MAX_JSON_DEPTH))).toMatchObject({ status: 200, body: { body: JSON.parse(objects(MAX_JSON_DEPTH)) } });
    expect(await post(objects(MAX_JSON_DEPTH + 1))).toEqual({
      status: 400,
      body: { success: false, code: "invalid_request", message: `The JSON body is nested too deeply (at most ${MAX_JSON_DEPTH} levels).` },
    });
    expect((await post("[".repeat(5_000))).status).toBe(400);
  });

  it("keeps brackets in strings as text", async () => {
    const text = JSON.stringify({ note: "[".repeat(100) });
    expect(await post(text)).toMatchObject({ status: 200, body: { body: { note: "[".repeat(100) } } });
  });

  it("refuses prototype poisoning, bytes that are not UTF-8 and other charsets", async () => {
    expect((await post('{"__proto__":{"admin":true}}')).status).toBe(400);
    expect((await post('{"constructor":{"prototype":{"admin":true}}}')).status).toBe(400);
    expect(await post(Buffer.from([0x7b, 0x7d, 0xff]))).toMatchObject({ status: 400, body: { message: "The request body is not valid UTF-8." } });
    expect((await post("{}", "application/json; charset=latin1")).status).toBe(415);
    expect((await post("{}", 'application/json; charset="UTF-8"')).status).toBe(200);
  });

  it("reads no other content type", async () => {
    expect(await post("hello", "text/plain")).toMatchObject({ status: 415, body: { code: "invalid_request" } });
    expect((await post("a=b", "application/x-www-form-urlencoded")).status).toBe(415);
  });
});
