import { chmodSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from "node:fs";
import { randomBytes } from "node:crypto";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { loadConfig } from "../../server/config";
import { composeServer } from "../../server/compose";

const modeOf = (path: string) => statSync(path).mode & 0o777;

function foldersUnder(root: string): string[] {
  return readdirSync(root, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => join(entry.parentPath, entry.name));
}

async function startAndStop(dataDir: string): Promise<string[]> {
  const config = loadConfig({ DATA_DIR: dataDir, SYNC_INTERVAL_MINUTES: "0", EXTRACTION_THREADS: "1" });
  const logged: string[] = [];
  const server = await composeServer(config, { log: (message) => logged.push(message) });
  await server.close();
  return logged;
}

describe("the data folder", () => {
  const dataDir = mkdtempSync(join(tmpdir(), "deal-finder-data-"));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it("is made private at start, with a log line, when it was open to other users", async () => {
    chmodSync(dataDir, 0o755);
    const keys = { encryptionKey: randomBytes(32).toString("base64"), sessionSigningKey: randomBytes(32).toString("base64") };
    writeFileSync(join(dataDir, "secrets.json"), JSON.stringify(keys), { mode: 0o644 });
    mkdirSync(join(dataDir, "left-over", "deeper"), { recursive: true, mode: 0o777 });
    chmodSync(join(dataDir, "left-over"), 0o777);

    const logged = await startAndStop(dataDir);

    expect(logged.filter((line) => line.startsWith("DATA_DIR was open to other users"))).toHaveLength(1);
    expect(modeOf(dataDir)).toBe(0o700);
    expect(modeOf(join(dataDir, "secrets.json"))).toBe(0o600);
    // Every folder, the embedded database's included, keeps other users out.
    const folders = foldersUnder(dataDir);
    expect(folders).toContain(join(dataDir, "pglite"));
    for (const folder of folders) expect({ folder, mode: modeOf(folder).toString(8) }).toEqual({ folder, mode: "700" });
  });

  it("says nothing on a later start, when nothing was loosened", async () => {
    const logged = await startAndStop(dataDir);
    expect(logged.filter((line) => line.startsWith("DATA_DIR"))).toEqual([]);
  });

  it("is created private on a fresh machine", async () => {
    const fresh = join(dataDir, "..", `deal-finder-fresh-${randomBytes(4).toString("hex")}`);
    try {
      await startAndStop(fresh);
      expect(modeOf(fresh)).toBe(0o700);
      expect(modeOf(join(fresh, "secrets.json"))).toBe(0o600);
    } finally {
      rmSync(fresh, { recursive: true, force: true });
    }
  });
});
