import { describe, expect, it, vi } from "vitest";
import * as t from "io-ts";
import fc from "fast-check";
import { isRight } from "fp-ts/Either";
import { PathReporter } from "io-ts/PathReporter";
import { DashboardCodec } from "../../../src/contract";
import { decodeAnswer, onlyChecks } from "../../../src/infrastructure/http/decodeAnswer";
import { SAMPLE_DASHBOARD } from "../../../src/ui/pages/dashboard/fixtures";

/** A copy of the sample dashboard with one field of one deal replaced (undefined: removed). */
function withDealField(index: number, field: string, value: unknown): unknown {
  const copy = structuredClone(SAMPLE_DASHBOARD) as unknown as { deals: Record<string, unknown>[] };
  const deal = copy.deals[index % copy.deals.length]!;
  if (value === undefined) delete deal[field];
  else deal[field] = value;
  return copy;
}

const NumberFromText = new t.Type<number, string, unknown>(
  "NumberFromText",
  (u): u is number => typeof u === "number",
  (u, context) => (typeof u === "string" && u.trim() !== "" && !Number.isNaN(Number(u)) ? t.success(Number(u)) : t.failure(u, context)),
  String,
);

describe("decodeAnswer", () => {
  it("checks an intersection of plain and partial objects, giving back the very object, as decode does", () => {
    const Both = t.intersection([t.type({ a: t.string }), t.partial({ b: t.number })]);
    expect(onlyChecks(Both)).toBe(true);
    const value = { a: "x", b: 1 };
    const decoded = decodeAnswer(Both, value);
    expect(isRight(decoded) && decoded.right).toBe(value);
    const slow = Both.decode(value);
    expect(isRight(slow) && slow.right).toBe(value);
  });

  it("checks the dashboard's answer without decoding it, and gives back the very object it checked", () => {
    expect(onlyChecks(DashboardCodec)).toBe(true);
    const body: unknown = structuredClone(SAMPLE_DASHBOARD);
    const decode = vi.spyOn(DashboardCodec, "decode");
    try {
      const decoded = decodeAnswer(DashboardCodec, body);
      expect(isRight(decoded) && decoded.right).toBe(body);
      expect(decode).not.toHaveBeenCalled();
    } finally {
      decode.mockRestore();
    }
  });

  it("accepts and refuses exactly what io-ts's decode does, with the same value or the same complaints", () => {
    const fields = Object.keys(SAMPLE_DASHBOARD.deals[0]!);
    const replaced = fc
      .tuple(fc.nat(), fc.constantFrom(...fields, "extra"), fc.oneof(fc.jsonValue(), fc.constant(undefined)))
      .map(([index, field, value]) => withDealField(index, field, value));
    fc.assert(
      fc.property(fc.oneof(replaced, fc.jsonValue()), (body) => {
        const fast = decodeAnswer(DashboardCodec, body);
        const slow = DashboardCodec.decode(body);
        expect(fast._tag).toBe(slow._tag);
        if (isRight(fast) && isRight(slow)) expect(fast.right).toBe(slow.right);
        else expect(PathReporter.report(fast)).toEqual(PathReporter.report(slow));
      }),
    );
  });

  it("leaves to decode the codecs that change what they decode: exact types, intersections holding one, custom codecs", () => {
    const Strict = t.strict({ name: t.string });
    expect(onlyChecks(Strict)).toBe(false);
    expect(decodeAnswer(Strict, { name: "Ada", role: "admin" })).toEqual(t.success({ name: "Ada" }));

    const WithStrict = t.intersection([Strict, t.partial({ note: t.string })]);
    expect(onlyChecks(WithStrict)).toBe(false);
    expect(decodeAnswer(WithStrict, { name: "Ada", role: "admin" })).toEqual(WithStrict.decode({ name: "Ada", role: "admin" }));

    const Price = t.type({ amount: NumberFromText });
    expect(onlyChecks(Price)).toBe(false);
    expect(decodeAnswer(Price, { amount: "12.5" })).toEqual(t.success({ amount: 12.5 }));
  });
});
