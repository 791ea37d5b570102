import { beforeAll, describe, expect, it } from "vitest";
import Fastify from "fastify";
import fc from "fast-check";
import * as t from "io-ts";
import { API_ROUTES, contractProblems, jsonSchemaOf, UnconvertibleCodecError, type JsonSchema } from "../../../src/contract";
import { nullable } from "../../../src/contract/nullable";
import { AJV_OPTIONS } from "../../../server/http/schemas";

/** The Ajv the server checks with (Fastify's own, with the server's options), as a function of schema and value. */
let accepts: (schema: JsonSchema, value: unknown) => boolean;

beforeAll(async () => {
  const app = Fastify({ ajv: { customOptions: AJV_OPTIONS } });
  // Fastify builds its validator for the first route with a schema.
  app.post("/", { schema: { body: { type: "object" } } }, async () => ({}));
  await app.ready();
  const compiled = new WeakMap<JsonSchema, (value: unknown) => boolean>();
  accepts = (schema, value) => {
    let validate = compiled.get(schema);
    if (!validate) {
      validate = app.validatorCompiler!({ schema, method: "POST", url: "/", httpPart: "body" }) as (value: unknown) => boolean;
      compiled.set(schema, validate);
    }
    return validate(value);
  };
  return () => app.close();
});

const codecAccepts = (codec: t.Mixed, value: unknown) => contractProblems(codec, value).length === 0;

const Inner = t.type({ n: t.number });
/** Per codec kind: a codec, and values it takes and refuses (the contract's "refuses": io-ts refuses it, or it has a field the codec does not name). */
const TABLE: [kind: string, codec: t.Mixed, accepted: unknown[], refused: unknown[]][] = [
  ["string", t.string, ["", "text", "😀"], [1, null, true, {}, []]],
  ["number", t.number, [0, -1.5, 1e300], ["1", null, false, []]],
  ["boolean", t.boolean, [true, false], ["true", 0, null]],
  ["null", t.null, [null], [0, "", false, {}]],
  ["literal (string)", t.literal("success"), ["success"], ["Success", "", null]],
  ["literal (true)", t.literal(true), [true], [false, "true", 1]],
  ["literal (number)", t.literal(3), [3], [4, "3"]],
  ["keyof", t.keyof({ used: null, not_working: null }), ["used", "not_working"], ["USED", "", null, "toString", "__proto__"]],
  ["nullable", nullable(t.string), ["x", null], [undefined, 1, {}]],
  ["union of objects", t.union([t.type({ success: t.boolean, message: t.string }), t.type({ success: t.boolean })]), [{ success: true }, { success: false, message: "m" }], [{ success: true, message: 1 }, { success: true, extra: 1 }, {}, null]],
  ["array", t.array(t.number), [[], [1, 2]], [[1, "2"], {}, null, "[]"]],
  ["array of objects", t.array(Inner), [[{ n: 1 }]], [[{ n: 1, m: 2 }], [{}], [null]]],
  ["record", t.record(t.string, t.number), [{}, { a: 1, b: 2 }], [{ a: "1" }, [], null, "x"]],
  ["type", t.type({ id: t.string, inner: Inner }), [{ id: "a", inner: { n: 1 } }], [{ id: "a" }, { id: "a", inner: { n: 1 }, extra: true }, { id: "a", inner: { n: 1, extra: 1 } }, { id: 1, inner: { n: 1 } }, [], null]],
  ["partial", t.partial({ a: t.string, b: nullable(t.number) }), [{}, { a: "x" }, { b: null }, { a: "x", b: 2 }], [{ a: 1 }, { c: 1 }, null, "x"]],
  ["exact", t.exact(t.type({ a: t.string })), [{ a: "x" }], [{}, { a: "x", b: 1 }, { a: null }]],
  ["strict", t.strict({ a: t.boolean }), [{ a: true }], [{ a: true, b: 1 }, { a: "true" }]],
  [
    "intersection of type and partial",
    t.intersection([t.type({ a: t.string }), t.partial({ b: t.number })]),
    [{ a: "x" }, { a: "x", b: 1 }],
    [{ b: 1 }, { a: "x", b: "1" }, { a: "x", c: 1 }, null],
  ],
];

describe("the JSON Schema derived from a contract codec", () => {
  it.each(TABLE)("accepts what a %s codec accepts and refuses what it refuses", (_kind, codec, accepted, refused) => {
    const schema = jsonSchemaOf(codec);
    for (const value of accepted) expect({ value, codec: codecAccepts(codec, value), schema: accepts(schema, value) }).toEqual({ value, codec: true, schema: true });
    for (const value of refused) expect({ value, codec: codecAccepts(codec, value), schema: accepts(schema, value) }).toEqual({ value, codec: false, schema: false });
  });

  it("converts every codec of the route table", () => {
    for (const [route, { success, failure }] of Object.entries(API_ROUTES)) {
      expect(() => [success && jsonSchemaOf(success), jsonSchemaOf(failure)], route).not.toThrow();
    }
  });

  it("agrees with the codec on generated JSON, for every codec of the route table", { timeout: 60_000 }, () => {
    const codecs = [...new Set(Object.values(API_ROUTES).flatMap(({ success, failure }): t.Mixed[] => (success ? [success, failure] : [failure])))];
    const schemas = codecs.map((codec) => jsonSchemaOf(codec));
    fc.assert(
      fc.property(fc.jsonValue({ maxDepth: 4 }), (value) => {
        codecs.forEach((codec, index) => expect(accepts(schemas[index]!, value)).toBe(codecAccepts(codec, value)));
      }),
      { numRuns: 200 },
    );
  });

  it("agrees with the codec on a real answer and on that answer with one field more, less or wrong", () => {
    const codec = API_ROUTES["GET /sync-gmail"].success;
    const schema = jsonSchemaOf(codec);
    const answer = { status: "success", gmail_sync_status: "idle", gmail_sync_progress: "", outcome: "completed", progress: null, last_sync_at: "2026-01-01T00:00:00.000Z", last_sync_failed: false };
    const variants = [answer, { ...answer, next_sync_at: null }, { ...answer, leaked: "x" }, { ...answer, progress: { processed: 1, total: 2, extra: 0 } }, { ...answer, outcome: "done" }, { ...answer, last_sync_failed: "no" }];
    const { outcome: _dropped, ...withoutOutcome } = answer;
    for (const value of [...variants, withoutOutcome]) expect({ value, schema: accepts(schema, value) }).toEqual({ value, schema: codecAccepts(codec, value) });
    expect(variants.map((value) => codecAccepts(codec, value))).toEqual([true, true, false, false, false, false]);
  });

  it("fails loudly on a codec kind it cannot say in JSON Schema", () => {
    const Pattern = t.refinement(t.string, (text) => /^a/.test(text), "StartsWithA");
    for (const codec of [Pattern, t.unknown, t.UnknownRecord, t.undefined, t.record(t.keyof({ a: null }), t.number), t.type({ nested: t.array(t.unknown) })] as t.Mixed[]) {
      expect(() => jsonSchemaOf(codec), codec.name).toThrow(UnconvertibleCodecError);
    }
    expect(() => jsonSchemaOf(t.type({ deep: t.array(Pattern) }))).toThrow(/deep\[\]: .*RefinementType/);
  });
});
