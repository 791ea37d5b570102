// @module-tag runtime
import { type ChildProcess, spawn } from "node:child_process";
import { fileURLToPath } from "node:url";
import { afterAll, describe, expect, it } from "vitest";

const root = fileURLToPath(new URL("../../", import.meta.url));
let child: ChildProcess | undefined;

afterAll(() => {
  child?.kill("SIGTERM");
});

/** Starts `emulator/main.ts` as `npm run emulator` does and waits for the base URL it prints. */
function startStandalone(env: Record<string, string>): Promise<string> {
  child = spawn(process.execPath, ["--import", "tsx", "emulator/main.ts"], { cwd: root, env: { ...process.env, ...env }, stdio: ["ignore", "pipe", "pipe"] });
  return new Promise((resolve, reject) => {
    let output = "";
    child!.stdout!.on("data", (chunk: Buffer) => {
      output += chunk.toString();
      const match = /listening on (http:\/\/\S+)/.exec(output);
      if (match) resolve(match[1]!);
    });
    child!.stderr!.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child!.on("exit", (code) => reject(new Error(`emulator exited with ${code}: ${output}`)));
  });
}

describe("npm run emulator", () => {
  it("prints its base URL and serves the demo client's sign-in", async () => {
    const baseUrl = await startStandalone({ EMULATOR_PORT: "0", EMULATOR_REDIRECT_URIS: "http://127.0.0.1:5555/cb" });
    expect(baseUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    const config = (await (await fetch(`${baseUrl}/.well-known/openid-configuration`)).json()) as { issuer: string };
    expect(config.issuer).toBe(baseUrl);
    for (const redirectUri of ["http://127.0.0.1:8080/api/google-signin/callback", "http://127.0.0.1:5555/cb"]) {
      const url = new URL("/o/oauth2/v2/auth", baseUrl);
      url.search = new URLSearchParams({ client_id: "deal-finder-demo", redirect_uri: redirectUri, response_type: "code", scope: "openid email" }).toString();
      const response = await fetch(url);
      expect(response.status).toBe(200);
      expect(await response.text()).toContain("to continue to Deal Finder");
    }
  });
});
