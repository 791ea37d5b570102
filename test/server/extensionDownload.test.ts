// @module-tag runtime
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, utimesSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import Fastify, { type FastifyInstance } from "fastify";
import { unzipSync, strFromU8 } from "fflate";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ApiErrorCodec } from "../../src/contract";
import { EXTENSION_DOWNLOAD_PATH } from "../../src/domain/extension";
import { registerExtensionDownload } from "../../server/http/routes/extension";
import { BUILD_INFO_FILE, ZippedExtensionFolder } from "../../server/infrastructure/extensionZip";
import { decode } from "./support/stack";

describe("the built extension's download", () => {
  let folder: string;
  let outside: string;
  let app: FastifyInstance;

  beforeAll(async () => {
    folder = mkdtempSync(join(tmpdir(), "extension-dist-"));
    outside = mkdtempSync(join(tmpdir(), "extension-outside-"));
    app = Fastify();
    registerExtensionDownload(app, new ZippedExtensionFolder(folder));
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    rmSync(folder, { recursive: true, force: true });
    rmSync(outside, { recursive: true, force: true });
  });

  const download = () => app.inject({ method: "GET", url: EXTENSION_DOWNLOAD_PATH });

  it("answers 404 with a message saying how to build it when the extension is not built", async () => {
    writeFileSync(join(folder, "manifest.json"), "{}");
    const response = await download();
    expect(response.statusCode).toBe(404);
    expect(decode(ApiErrorCodec, response.json()).message).toContain("npm run build:extension");
  });

  it("answers a zip of every built file, as an attachment", async () => {
    mkdirSync(join(folder, "assets"), { recursive: true });
    writeFileSync(join(folder, "manifest.json"), JSON.stringify({ manifest_version: 3 }));
    writeFileSync(join(folder, "assets", "popup.js"), "console.log('popup')");
    writeFileSync(join(outside, "secret.txt"), "not part of the extension");
    symlinkSync(join(outside, "secret.txt"), join(folder, "linked.txt"));
    writeFileSync(join(folder, BUILD_INFO_FILE), JSON.stringify({ appUrl: "http://127.0.0.1:8080" }));

    const response = await download();
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toBe("application/zip");
    expect(response.headers["content-disposition"]).toBe('attachment; filename="deal-finder-extension.zip"');
    const files = unzipSync(response.rawPayload);
    expect(Object.keys(files).sort()).toEqual(["assets/popup.js", BUILD_INFO_FILE, "manifest.json"]);
    expect(JSON.parse(strFromU8(files["manifest.json"]!))).toEqual({ manifest_version: 3 });
    expect(strFromU8(files["assets/popup.js"]!)).toBe("console.log('popup')");
  });

  it("serves a new build without a restart", async () => {
    writeFileSync(join(folder, "assets", "popup.js"), "console.log('rebuilt')");
    const buildInfo = join(folder, BUILD_INFO_FILE);
    writeFileSync(buildInfo, JSON.stringify({ appUrl: "https://deals.example.org" }));
    const later = new Date(Date.now() + 5_000);
    utimesSync(buildInfo, later, later);

    const files = unzipSync((await download()).rawPayload);
    expect(strFromU8(files["assets/popup.js"]!)).toBe("console.log('rebuilt')");
    expect(JSON.parse(strFromU8(files[BUILD_INFO_FILE]!))).toEqual({ appUrl: "https://deals.example.org" });
  });
});
