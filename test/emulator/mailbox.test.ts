import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startGoogleEmulator } from "../../emulator/googleEmulator";
import { decodeText, headerValue, leaves, parseMessage } from "../../emulator/gmail/mime";
import { loadEmlFolder, loadMbox } from "../../emulator/mailboxLoader";
import { fillMessagePlaceholders, fillPlaceholders, PlaceholderError } from "../../emulator/placeholders";
import { accessTokenFor, CLIENT } from "./oauthDriver";

const NOW = new Date("2026-11-20T15:04:05Z"); // a Friday

describe("placeholders", () => {
  it("fills dates, formats and weekdays relative to now", () => {
    expect(fillPlaceholders("Date: {{date:-2d}}", NOW)).toBe("Date: Wed, 18 Nov 2026 15:04:05 +0000");
    expect(fillPlaceholders("ends {{date:+5d|MMMM D, YYYY}}", NOW)).toBe("ends November 25, 2026");
    expect(fillPlaceholders("{{date:+5d|M/D}} {{date:+12d|M/D/YY}} {{date:+1d|ddd DD MMM}}", NOW)).toBe("11/25 12/2/26 Sat 21 Nov");
    expect(fillPlaceholders("ends {{weekday:+3d}}", NOW)).toBe("ends Monday");
    expect(fillPlaceholders("{{date:-1d+3h|YYYY-MM-DD HH:mm}}", NOW)).toBe("2026-11-19 18:04");
    expect(fillPlaceholders("no placeholders {here}", NOW)).toBe("no placeholders {here}");
  });

  it("refuses a malformed offset rather than guessing", () => {
    expect(() => fillPlaceholders("{{date:soon}}", NOW)).toThrow(PlaceholderError);
  });

  it("fills placeholders inside quoted-printable (even across soft breaks) and base64 parts", () => {
    const html = "<p>Sale ends {{date:+5d|MMMM D, YYYY}} at midnight.</p>";
    const raw = [
      "Date: {{date:-1d}}",
      "Subject: Test",
      'Content-Type: multipart/alternative; boundary="b"',
      "",
      "--b",
      "Content-Type: text/plain; charset=utf-8",
      "Content-Transfer-Encoding: quoted-printable",
      "",
      "Ends {{date:+5d|MMMM=",
      " D}} =E2=80=94 hurry",
      "--b",
      "Content-Type: text/html; charset=utf-8",
      "Content-Transfer-Encoding: base64",
      "",
      Buffer.from(html).toString("base64"),
      "--b--",
      "",
    ].join("\r\n");
    const message = parseMessage(fillMessagePlaceholders(raw, NOW));
    expect(headerValue(message.headers, "Date")).toBe("Thu, 19 Nov 2026 15:04:05 +0000");
    const [plain, htmlPart] = leaves(message);
    expect(decodeText(plain!)).toBe("Ends November 25 \u2014 hurry");
    expect(decodeText(htmlPart!)).toBe("<p>Sale ends November 25, 2026 at midnight.</p>");
  });
});

describe("the shipped demo mailbox", () => {
  const folder = fileURLToPath(new URL("../../emulator/demo-mailbox/", import.meta.url));

  it("has at least 45 messages, about 38 promotions and the rest updates or personal mail", async () => {
    const entries = await loadEmlFolder(folder, NOW);
    expect(entries.length).toBeGreaterThanOrEqual(45);
    const promotions = entries.filter((entry) => entry.labelIds.includes("CATEGORY_PROMOTIONS"));
    expect(promotions.length).toBeGreaterThanOrEqual(38);
    const others = entries.filter((entry) => !entry.labelIds.includes("CATEGORY_PROMOTIONS"));
    expect(others.length).toBeGreaterThanOrEqual(7);
    for (const entry of others) expect(entry.labelIds.some((label) => label === "CATEGORY_UPDATES" || label === "CATEGORY_PERSONAL")).toBe(true);
  });

  it("looks live: every placeholder is filled and every message is dated in the last month", async () => {
    for (const entry of await loadEmlFolder(folder, NOW)) {
      const message = parseMessage(entry.raw);
      const date = Date.parse(headerValue(message.headers, "Date")!);
      expect(NOW.getTime() - date).toBeGreaterThanOrEqual(0);
      expect(NOW.getTime() - date).toBeLessThan(31 * 86_400_000);
      for (const part of leaves(message)) expect(decodeText(part)).not.toMatch(/\{\{|\}\}/);
      expect(entry.raw.toString("latin1")).not.toMatch(/^X-Gmail-Labels/i);
    }
  });

  it("is real MIME: multipart/alternative with quoted-printable, base64, encoded words and List-Unsubscribe", async () => {
    const messages = (await loadEmlFolder(folder, NOW)).map((entry) => ({ raw: entry.raw.toString("latin1"), mime: parseMessage(entry.raw) }));
    expect(messages.every(({ mime }) => mime.mimeType === "multipart/alternative" && leaves(mime).map((part) => part.mimeType).join() === "text/plain,text/html")).toBe(true);
    const encodings = new Set(messages.flatMap(({ mime }) => leaves(mime).map((part) => headerValue(part.headers, "Content-Transfer-Encoding"))));
    expect([...encodings].sort()).toEqual(["7bit", "base64", "quoted-printable"]);
    expect(messages.some(({ raw }) => /^Subject: =\?UTF-8\?[BQ]\?/m.test(raw))).toBe(true);
    const promotions = messages.filter(({ raw }) => /List-Unsubscribe:/.test(raw));
    expect(promotions.length).toBeGreaterThanOrEqual(38);
    for (const { mime } of promotions) {
      const html = decodeText(leaves(mime)[1]!);
      expect(html).toMatch(/<div style="display:none[^"]*">/);
      expect(html).toMatch(/<img [^>]*width="\d+" height="\d+"/);
      expect(headerValue(mime.headers, "From")).toMatch(/@([a-z0-9-]+\.){2,}[a-z]+>$/);
    }
  });
});

describe("a Takeout mbox as the demo mailbox", () => {
  let folder: string;
  let mboxPath: string;
  const first = [
    "From: \"Harbor Kites\" <news@mail.harborkites.test>",
    "Subject: Kites 20% off",
    "Date: Mon, 02 Nov 2026 08:00:00 -0500",
    "Content-Type: text/plain; charset=utf-8",
    "",
    "From the shore to the sky: use code WIND20.",
    "",
  ].join("\r\n");
  const second = ["From: friend@mailhost.test", "Subject: lunch?", "Date: Tue, 03 Nov 2026 12:00:00 +0000", "", "See you at noon.", ""].join("\r\n");

  beforeAll(async () => {
    folder = await mkdtemp(join(tmpdir(), "emulator-mbox-"));
    mboxPath = join(folder, "takeout.mbox");
    const escapedFirst = first.replace("\r\nFrom the shore", "\r\n>From the shore");
    await writeFile(
      mboxPath,
      [
        "From 1793268000000000001@xxx Mon Nov 02 13:00:05 +0000 2026",
        "X-GM-THRID: 1793268000000000001",
        "X-Gmail-Labels: Inbox,Category Promotions,Unread,Kites",
        escapedFirst,
        "From 1793268000000000002@xxx Tue Nov 03 12:00:05 +0000 2026",
        "X-GM-THRID: 1793268000000000002",
        "X-Gmail-Labels: Inbox,Important,Opened",
        second,
      ].join("\r\n"),
      "latin1",
    );
  });
  afterAll(() => rm(folder, { recursive: true, force: true }));

  it("reads messages as-is, with labels from X-Gmail-Labels and hex ids from the separator", async () => {
    const entries = await loadMbox(mboxPath);
    expect(entries).toHaveLength(2);
    expect(entries[0]!.raw.toString("latin1")).toBe(first);
    expect(entries[0]!.labelIds).toEqual(["INBOX", "CATEGORY_PROMOTIONS", "UNREAD", "Kites"]);
    expect(entries[0]!.gmailId).toBe(BigInt("1793268000000000001").toString(16));
    expect(entries[1]!.labelIds).toEqual(["INBOX", "IMPORTANT"]);
  });

  it("replaces the demo account's mailbox and serves it over the API", async () => {
    const emulator = await startGoogleEmulator({ port: 0, clients: [CLIENT], demoMboxPath: mboxPath });
    try {
      const { accessToken } = await accessTokenFor(emulator.baseUrl);
      const headers = { authorization: `Bearer ${accessToken}` };
      const list = (await (await fetch(`${emulator.baseUrl}/gmail/v1/users/me/messages?q=category:promotions`, { headers })).json()) as { messages: { id: string }[] };
      expect(list.messages).toEqual([{ id: BigInt("1793268000000000001").toString(16), threadId: BigInt("1793268000000000001").toString(16) }]);
      const message = (await (await fetch(`${emulator.baseUrl}/gmail/v1/users/me/messages/${list.messages[0]!.id}?format=raw`, { headers })).json()) as Record<string, string>;
      expect(Buffer.from(message.raw!, "base64url").toString("utf8")).toBe(first);
      expect(message.internalDate).toBe(String(Date.parse("2026-11-02T13:00:00Z")));
      const labels = (await (await fetch(`${emulator.baseUrl}/gmail/v1/users/me/labels`, { headers })).json()) as { labels: { name: string; type: string }[] };
      expect(labels.labels).toContainEqual(expect.objectContaining({ name: "Kites", type: "user" }));
      const profile = (await (await fetch(`${emulator.baseUrl}/gmail/v1/users/me/profile`, { headers })).json()) as Record<string, unknown>;
      expect(profile.messagesTotal).toBe(2);
    } finally {
      await emulator.close();
    }
  });
});
