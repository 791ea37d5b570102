import path from "node:path";
import { fileURLToPath } from "node:url";
import { ESLint } from "eslint";
import { describe, expect, it } from "vitest";

const root = fileURLToPath(new URL("../../..", import.meta.url));
const fixtures = "test/fixtures/importCycle";

describe("npm run lint on import circles", () => {
  it("fails on every file of a circle, type-only imports included, and on no file outside one", { timeout: 60_000 }, async () => {
    // The fixtures are ignored by `npx eslint .`, which must pass; here they are linted on purpose.
    const results = await new ESLint({ cwd: root, ignore: false }).lintFiles([fixtures]);
    const reported = results
      .flatMap((result) => result.messages.map((message) => ({ file: path.basename(result.filePath), message })))
      .filter(({ message }) => message.ruleId === "repository/no-import-cycle")
      .map(({ file, message }) => `${file}:${message.line} ${message.message.replace(/\. Move .*$/, "")}`);
    const at = (file: string) => `${fixtures}/${file}`;
    expect(reported.sort()).toEqual([
      `first.ts:2 Import circle: ${at("first.ts")} -> ${at("second.ts")} -> ${at("third.ts")} -> ${at("first.ts")}`,
      `second.ts:1 Import circle: ${at("second.ts")} -> ${at("third.ts")} -> ${at("first.ts")} -> ${at("second.ts")}`,
      `third.ts:1 Import circle: ${at("third.ts")} -> ${at("first.ts")} -> ${at("second.ts")} -> ${at("third.ts")}`,
      `typesLeft.ts:2 Import circle: ${at("typesLeft.ts")} -> ${at("typesRight.ts")} -> ${at("typesLeft.ts")}`,
      `typesRight.ts:1 Import circle: ${at("typesRight.ts")} -> ${at("typesLeft.ts")} -> ${at("typesRight.ts")}`,
    ]);
  });
});
