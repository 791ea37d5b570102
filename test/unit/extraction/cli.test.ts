import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";

const run = promisify(execFile);
const TSX = "node_modules/.bin/tsx";

describe("npm run extract", () => {
  it("prints one JSON object per message on stdout and nothing else", async () => {
    const { stdout, stderr } = await run(TSX, ["server/cli/extract.ts", "test/fixtures/extraction/tiered-codes.eml"], { cwd: process.cwd() });
    const lines = stdout.trim().split("\n");
    expect(lines).toHaveLength(1);
    const message = JSON.parse(lines[0]!);
    expect(message).toMatchObject({ file: "test/fixtures/extraction/tiered-codes.eml", isPromotion: true });
    expect(message.deals[0]).toMatchObject({
      promoCodes: ["BRONZE10", "SILVER25"],
      codeConditions: [
        { code: "BRONZE10", condition: "$10 off $50+" },
        { code: "SILVER25", condition: "$25 off $100+" },
      ],
      terms: ["One code per order"],
      expirationDate: "2026-03-16",
      source: "text",
    });
    expect(Object.keys(message.deals[0]).sort()).toEqual(
      [
        "brand",
        "brandDomain",
        "category",
        "codeConditions",
        "dealUrl",
        "description",
        "discount",
        "expirationDate",
        "imageUrls",
        "promoCodes",
        "source",
        "terms",
        "title",
      ].sort(),
    );
    expect(stderr).toContain("1 messages");
  }, 30_000);
});
