import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startGoogleEmulator, type GoogleEmulator } from "../../emulator/googleEmulator";
import { decodeText, headerValue, leaves, parseMessage } from "../../emulator/gmail/mime";
import { readImageHeader } from "../../server/infrastructure/images/imageHeader";
import { accessTokenFor, CLIENT } from "./oauthDriver";

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

describe("the demo mailbox's images, served by the emulator", () => {
  let emulator: GoogleEmulator;
  let htmlParts: string[];

  beforeAll(async () => {
    emulator = await startGoogleEmulator({ port: 0, clients: [CLIENT] });
    const { accessToken } = await accessTokenFor(emulator.baseUrl);
    const headers = { authorization: `Bearer ${accessToken}` };
    const list = (await (await fetch(`${emulator.baseUrl}/gmail/v1/users/me/messages?q=category:promotions&maxResults=500`, { headers })).json()) as { messages: { id: string }[] };
    htmlParts = await Promise.all(
      list.messages.map(async ({ id }) => {
        const message = (await (await fetch(`${emulator.baseUrl}/gmail/v1/users/me/messages/${id}?format=raw`, { headers })).json()) as { raw: string };
        const html = leaves(parseMessage(Buffer.from(message.raw, "base64url"))).find((part) => (headerValue(part.headers, "Content-Type") ?? "").includes("text/html"));
        return html ? decodeText(html) : "";
      }),
    );
  });

  afterAll(async () => {
    await emulator?.close();
  });

  it("names its images by the emulator's own address, with no placeholder left", () => {
    const named = htmlParts.flatMap((html) => [...html.matchAll(/src="([^"]+\/demo-images\/[^"]+)"/g)].map((match) => match[1]!));
    expect(named.length).toBeGreaterThan(30);
    for (const url of named) expect(url.startsWith(`${emulator.baseUrl}/demo-images/`), url).toBe(true);
    expect(htmlParts.join("")).not.toContain("{{emulator}}");
  });

  it("serves each of them as a real PNG of the size a logo or a banner has", async () => {
    const named = new Set(htmlParts.flatMap((html) => [...html.matchAll(/src="([^"]+\/demo-images\/[^"]+)"/g)].map((match) => match[1]!)));
    for (const url of named) {
      const response = await fetch(url);
      expect(response.status, url).toBe(200);
      expect(response.headers.get("content-type"), url).toBe("image/png");
      const bytes = Buffer.from(await response.arrayBuffer());
      expect(bytes.subarray(0, 8).equals(PNG_SIGNATURE), url).toBe(true);
      const header = readImageHeader(bytes);
      expect(header, url).toMatchObject(url.endsWith("-logo.png") ? { type: "png", width: 300, height: 80 } : { type: "png", width: 600, height: 320 });
    }
  });

  it("answers 404 for a name it does not have, and never reads outside its folder", async () => {
    for (const path of ["/demo-images/nothing.png", "/demo-images/..%2Fdemo-mailbox%2F02-gearloft-tonight.eml", "/demo-images/%2e%2e%2fgoogleEmulator.ts", "/demo-images/images.json"]) {
      const response = await fetch(`${emulator.baseUrl}${path}`);
      expect(response.status, path).toBe(404);
      expect(response.headers.get("content-type"), path).not.toMatch(/image/);
    }
  });
});
