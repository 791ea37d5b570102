import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { type GoogleEmulator, startGoogleEmulator } from "../../emulator/googleEmulator";
import { accessTokenFor, CLIENT, GMAIL_READONLY } from "./oauthDriver";

let emulator: GoogleEmulator;
let clock = new Date("2026-11-20T10:00:00Z");
let demoToken: string;
let otherToken: string;

beforeAll(async () => {
  emulator = await startGoogleEmulator({ port: 0, clients: [CLIENT], now: () => clock, accessTokenTtlSeconds: 365 * 86400 });
  demoToken = (await accessTokenFor(emulator.baseUrl)).accessToken;
  otherToken = (await accessTokenFor(emulator.baseUrl, { account: "other.user@example.com" })).accessToken;
});
afterAll(() => emulator.close());
beforeEach(() => {
  emulator.setFaults({ rate: 0 });
  emulator.setQuota(0);
});

async function gmail(path: string, token: string | null = demoToken): Promise<{ status: number; body: Record<string, unknown>; headers: Headers }> {
  const response = await fetch(`${emulator.baseUrl}/gmail/v1/users/${path}`, { headers: token ? { authorization: `Bearer ${token}` } : {} });
  return { status: response.status, body: (await response.json()) as Record<string, unknown>, headers: response.headers };
}

type MessageRef = { id: string; threadId: string };

async function listAll(query: string, token = demoToken): Promise<MessageRef[]> {
  const ids: MessageRef[] = [];
  let pageToken = "";
  do {
    const { body } = await gmail(`me/messages?${query}${pageToken ? `&pageToken=${pageToken}` : ""}`, token);
    ids.push(...((body.messages as MessageRef[] | undefined) ?? []));
    pageToken = (body.nextPageToken as string | undefined) ?? "";
  } while (pageToken);
  return ids;
}

const header = (payload: { headers: { name: string; value: string }[] }, name: string) => payload.headers.find((entry) => entry.name === name)?.value;

function rawMessage(subject: string, date = "Fri, 20 Nov 2026 09:30:00 +0000"): string {
  return [
    "From: \"Test Brand\" <news@mail.testbrand.invalid>",
    "To: demo@example.com",
    `Subject: ${subject}`,
    `Date: ${date}`,
    "MIME-Version: 1.0",
    "Content-Type: text/plain; charset=utf-8",
    "",
    `Use code TEST10 for 10% off. ${subject}`,
    "",
  ].join("\r\n");
}

describe("authentication and scopes", () => {
  it("answers a call without a token with Google's 401 shape", async () => {
    const { status, body, headers } = await gmail("me/profile", null);
    expect(status).toBe(401);
    expect(headers.get("www-authenticate")).toContain("Bearer");
    expect(body).toMatchObject({ error: { code: 401, status: "UNAUTHENTICATED", errors: [{ reason: "required", domain: "global" }] } });
  });

  it("answers a token it never issued with 401 authError", async () => {
    const { status, body } = await gmail("me/profile", "ya29.forged");
    expect(status).toBe(401);
    expect(body).toMatchObject({ error: { errors: [{ reason: "authError" }] } });
  });

  it("answers a token without gmail.readonly with 403 insufficientPermissions", async () => {
    const { accessToken } = await accessTokenFor(emulator.baseUrl, { scopes: ["openid", "email"] });
    const { status, body } = await gmail("me/messages", accessToken);
    expect(status).toBe(403);
    expect(body).toMatchObject({ error: { code: 403, status: "PERMISSION_DENIED", errors: [{ reason: "insufficientPermissions" }] } });
  });

  it("accepts the account's own email as userId and refuses another's", async () => {
    expect((await gmail("demo%40example.com/profile")).status).toBe(200);
    const other = await gmail("other.user%40example.com/profile");
    expect(other.status).toBe(403);
    expect(other.body).toMatchObject({ error: { code: 403, message: "Delegation denied for other.user@example.com" } });
  });
});

describe("profile and labels", () => {
  it("describes the demo mailbox", async () => {
    const { status, body } = await gmail("me/profile");
    expect(status).toBe(200);
    expect(body).toMatchObject({ emailAddress: "demo@example.com", messagesTotal: 47, threadsTotal: 47 });
    expect(body.historyId).toMatch(/^\d+$/);
  });

  it("lists system labels and the mailbox's user labels", async () => {
    const { body } = await gmail("me/labels");
    const labels = body.labels as { id: string; name: string; type: string }[];
    for (const id of ["INBOX", "UNREAD", "IMPORTANT", "CATEGORY_PROMOTIONS", "CATEGORY_UPDATES", "CATEGORY_SOCIAL"]) {
      expect(labels).toContainEqual(expect.objectContaining({ id, name: id, type: "system" }));
    }
    expect(labels).toContainEqual(expect.objectContaining({ name: "Receipts", type: "user", id: expect.stringMatching(/^Label_\d+$/) }));
    expect(labels).toContainEqual(expect.objectContaining({ name: "Travel", type: "user" }));
  });

  it("gets one label with its counts, and 404s an unknown one", async () => {
    const { body } = await gmail("me/labels/CATEGORY_PROMOTIONS");
    expect(body).toMatchObject({ id: "CATEGORY_PROMOTIONS", messagesTotal: 40 });
    expect((await gmail("me/labels/NOPE")).status).toBe(404);
  });
});

describe("messages.list", () => {
  it("lists Promotions by label id and by category:promotions alike, newest first", async () => {
    const byLabel = await listAll("labelIds=CATEGORY_PROMOTIONS");
    const byQuery = await listAll("q=category%3Apromotions");
    expect(byLabel).toHaveLength(40);
    expect(byQuery.map((message) => message.id)).toEqual(byLabel.map((message) => message.id));
    const dates = await Promise.all(byLabel.slice(0, 8).map(async ({ id }) => Number((await gmail(`me/messages/${id}?format=minimal`)).body.internalDate)));
    expect(dates).toEqual([...dates].sort((a, b) => b - a));
  });

  it("pages with maxResults and nextPageToken without gaps or repeats", async () => {
    const first = await gmail("me/messages?labelIds=CATEGORY_PROMOTIONS&maxResults=10");
    expect(first.body.messages).toHaveLength(10);
    expect(first.body.nextPageToken).toEqual(expect.any(String));
    const all = await listAll("labelIds=CATEGORY_PROMOTIONS&maxResults=7");
    expect(new Set(all.map((message) => message.id)).size).toBe(40);
  });

  it("combines labelIds and supports label:NAME", async () => {
    expect(await listAll("labelIds=CATEGORY_PROMOTIONS&labelIds=UNREAD")).not.toHaveLength(40);
    expect(await listAll("q=label%3Areceipts")).toHaveLength(1);
    expect(await listAll("q=label%3Acategory-updates")).toHaveLength(6);
  });

  it("understands Gmail's search operators", async () => {
    const count = async (q: string) => (await listAll(`q=${encodeURIComponent(q)}`)).length;
    expect(await count("category:promotions is:unread")).toBe(31);
    expect(await count("category:promotions -in:inbox")).toBe(3);
    expect(await count("subject:BOGO")).toBe(2);
    expect(await count("SLEEP20")).toBe(1);
    expect(await count("from:ledgerlybank.com is:important")).toBe(1);
    const recent = await count("newer_than:2d");
    expect(recent).toBeGreaterThan(0);
    expect(recent).toBeLessThan(await count("newer_than:30d"));
  });

  it("answers an empty list without a messages field", async () => {
    const { body } = await gmail("me/messages?q=label%3Adoes-not-exist");
    expect(body).toEqual({ resultSizeEstimate: 0 });
  });

  it("refuses a bad maxResults or pageToken with 400", async () => {
    expect((await gmail("me/messages?maxResults=lots")).status).toBe(400);
    expect((await gmail("me/messages?pageToken=garbage")).status).toBe(400);
  });

  it("keeps two users' mailboxes apart", async () => {
    const other = await listAll("labelIds=CATEGORY_PROMOTIONS", otherToken);
    expect(other).toHaveLength(4);
    const demoIds = (await listAll("labelIds=CATEGORY_PROMOTIONS")).map((message) => message.id);
    expect(other.some((message) => demoIds.includes(message.id))).toBe(false);
    expect((await gmail(`me/messages/${demoIds[0]}`, otherToken)).status).toBe(404);
  });
});

describe("messages.get", () => {
  let linenbayId: string;
  beforeAll(async () => {
    linenbayId = (await listAll("q=from%3Alinenbay"))[0]!.id;
  });

  it("returns the raw message with its placeholders filled", async () => {
    const { body } = await gmail(`me/messages/${linenbayId}?format=raw`);
    const raw = Buffer.from(body.raw as string, "base64url").toString("utf8");
    expect(raw).toMatch(/^From: "Linenbay" <hello@mail\.linenbay\.com>/);
    expect(raw).not.toContain("{{");
    expect(body).toMatchObject({ id: linenbayId, threadId: linenbayId, labelIds: ["INBOX", "CATEGORY_PROMOTIONS", "UNREAD"] });
    expect(body.payload).toBeUndefined();
    expect(Number(body.sizeEstimate)).toBe(Buffer.from(body.raw as string, "base64url").length);
    expect(Number(body.internalDate)).toBe(Date.parse(/^Date: (.*)$/m.exec(raw)![1]!));
  });

  it("returns the payload tree with decoded headers and base64url bodies", async () => {
    const { body } = await gmail(`me/messages/${linenbayId}?format=full`);
    const payload = body.payload as { mimeType: string; headers: { name: string; value: string }[]; parts: { partId: string; mimeType: string; body: { data: string; size: number } }[] };
    expect(payload.mimeType).toBe("multipart/alternative");
    expect(header(payload, "Subject")).toBe("20% off sheets, ends Sunday");
    expect(payload.parts.map((part) => [part.partId, part.mimeType])).toEqual([["0", "text/plain"], ["1", "text/html"]]);
    const html = Buffer.from(payload.parts[1]!.body.data, "base64url").toString("utf8");
    expect(html).toContain('"discountCode":"SLEEP20"');
    expect(html).toMatch(/"availabilityEnds":"\d{4}-\d{2}-\d{2}T23:59:00-08:00"/);
    expect(payload.parts[1]!.body.size).toBe(Buffer.byteLength(html));
    expect(body.snippet).toEqual(expect.stringContaining("Percale, sateen and linen"));
  });

  it("decodes encoded-word subjects", async () => {
    const [pearlwick] = await listAll("q=from%3Apearlwick");
    const { body } = await gmail(`me/messages/${pearlwick!.id}?format=metadata&metadataHeaders=Subject`);
    const payload = body.payload as { headers: { name: string; value: string }[] };
    expect(payload.headers).toEqual([{ name: "Subject", value: "\u2728 25% off signature scents \u2728" }]);
  });

  it("numbers nested parts and serves attachments by id", async () => {
    const raw = [
      "From: shop@mail.example-shop.test",
      "Subject: Your coupon",
      "Date: Fri, 20 Nov 2026 08:00:00 +0000",
      'Content-Type: multipart/mixed; boundary="outer"',
      "",
      "--outer",
      'Content-Type: multipart/alternative; boundary="inner"',
      "",
      "--inner",
      "Content-Type: text/plain; charset=utf-8",
      "",
      "Coupon attached.",
      "--inner",
      "Content-Type: text/html; charset=utf-8",
      "",
      "<p>Coupon attached.</p>",
      "--inner--",
      "--outer",
      'Content-Type: application/pdf; name="coupon.pdf"',
      'Content-Disposition: attachment; filename="coupon.pdf"',
      "Content-Transfer-Encoding: base64",
      "",
      Buffer.from("%PDF-1.4 coupon").toString("base64"),
      "--outer--",
      "",
    ].join("\r\n");
    const id = emulator.addMessage("demo@example.com", raw, ["INBOX"]);
    const { body } = await gmail(`me/messages/${id}`);
    type Part = { partId: string; mimeType: string; filename: string; body: { size: number; data?: string; attachmentId?: string }; parts?: Part[] };
    const payload = body.payload as Part;
    expect(payload.parts!.map((part) => part.partId)).toEqual(["0", "1"]);
    expect(payload.parts![0]!.parts!.map((part) => [part.partId, part.mimeType])).toEqual([["0.0", "text/plain"], ["0.1", "text/html"]]);
    const attachment = payload.parts![1]!;
    expect(attachment).toMatchObject({ filename: "coupon.pdf", mimeType: "application/pdf", body: { size: 15, attachmentId: expect.any(String) } });
    expect(attachment.body.data).toBeUndefined();
    const fetched = await gmail(`me/messages/${id}/attachments/${attachment.body.attachmentId!}`);
    expect(Buffer.from(fetched.body.data as string, "base64url").toString()).toBe("%PDF-1.4 coupon");
    expect((await gmail(`me/messages/${id}/attachments/bm9wZQ`)).status).toBe(404);
  });

  it("answers an unknown id with 404 and a malformed one with 400", async () => {
    const missing = await gmail("me/messages/0123456789abcdef");
    expect(missing.status).toBe(404);
    expect(missing.body).toMatchObject({ error: { code: 404, status: "NOT_FOUND", errors: [{ reason: "notFound" }] } });
    expect((await gmail("me/messages/not-an-id")).status).toBe(400);
    expect((await gmail(`me/messages/${linenbayId}?format=weird`)).status).toBe(400);
  });
});

describe("history and new mail", () => {
  it("records added messages and label changes after a historyId, filtered by label and type", async () => {
    const start = (await gmail("me/profile")).body.historyId as string;
    const promoId = emulator.addMessage("demo@example.com", rawMessage("Fresh promo"), ["INBOX", "CATEGORY_PROMOTIONS", "UNREAD"]);
    const updateId = emulator.addMessage("demo@example.com", rawMessage("Your receipt"), ["INBOX", "CATEGORY_UPDATES"]);
    emulator.modifyMessageLabels("demo@example.com", updateId, ["CATEGORY_PROMOTIONS"], []);

    const all = await gmail(`me/history?startHistoryId=${start}`);
    expect((all.body.history as unknown[]).length).toBe(3);
    expect(all.body.historyId).toBe(emulator.historyId("demo@example.com"));
    expect(Number(all.body.historyId)).toBeGreaterThan(Number(start));

    const added = await gmail(`me/history?startHistoryId=${start}&historyTypes=messageAdded&labelId=CATEGORY_PROMOTIONS`);
    expect(added.body.history).toEqual([
      expect.objectContaining({ messagesAdded: [{ message: { id: promoId, threadId: promoId, labelIds: ["INBOX", "CATEGORY_PROMOTIONS", "UNREAD"] } }] }),
    ]);
    const labelled = await gmail(`me/history?startHistoryId=${start}&historyTypes=labelAdded`);
    expect(labelled.body.history).toEqual([expect.objectContaining({ labelsAdded: [expect.objectContaining({ labelIds: ["CATEGORY_PROMOTIONS"] })] })]);

    const firstPage = await gmail(`me/history?startHistoryId=${start}&maxResults=2`);
    expect(firstPage.body.history).toHaveLength(2);
    const secondPage = await gmail(`me/history?startHistoryId=${start}&maxResults=2&pageToken=${firstPage.body.nextPageToken as string}`);
    expect(secondPage.body.history).toHaveLength(1);
    expect(secondPage.body.nextPageToken).toBeUndefined();
  });

  it("records a deleted message, which then answers 404", async () => {
    const id = emulator.addMessage("demo@example.com", rawMessage("Soon gone"), ["INBOX", "CATEGORY_PROMOTIONS"]);
    const start = emulator.historyId("demo@example.com");
    const response = await fetch(`${emulator.baseUrl}/__emulator/mailboxes/demo%40example.com/messages/${id}`, { method: "DELETE" });
    expect(response.status).toBe(204);
    expect((await gmail(`me/messages/${id}`)).status).toBe(404);
    const { body } = await gmail(`me/history?startHistoryId=${start}&historyTypes=messageDeleted`);
    expect(body.history).toEqual([expect.objectContaining({ messagesDeleted: [{ message: { id, threadId: id, labelIds: ["INBOX", "CATEGORY_PROMOTIONS"] } }] })]);
    expect((await listAll("labelIds=CATEGORY_PROMOTIONS")).map((message) => message.id)).not.toContain(id);
  });

  it("answers 404 for a historyId older than the history kept", async () => {
    const start = (await gmail("me/profile")).body.historyId as string;
    emulator.addMessage("demo@example.com", rawMessage("Before expiry"), ["INBOX"]);
    emulator.expireHistory("demo@example.com");
    const stale = await gmail(`me/history?startHistoryId=${start}`);
    expect(stale.status).toBe(404);
    expect(stale.body).toMatchObject({ error: { code: 404, errors: [{ reason: "notFound" }] } });
    expect((await gmail(`me/history?startHistoryId=${emulator.historyId("demo@example.com")}`)).body).toEqual({ historyId: emulator.historyId("demo@example.com") });
    expect((await gmail("me/history")).status).toBe(400);
  });

  it("adds a message through the HTTP control endpoint", async () => {
    const response = await fetch(`${emulator.baseUrl}/__emulator/mailboxes/other.user%40example.com/messages`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ raw: Buffer.from(rawMessage("Via HTTP", "Fri, 20 Nov 2026 09:59:00 +0000")).toString("base64"), labelIds: ["INBOX", "CATEGORY_PROMOTIONS"] }),
    });
    expect(response.status).toBe(200);
    const { id } = (await response.json()) as { id: string };
    const newest = await gmail("me/messages?labelIds=CATEGORY_PROMOTIONS&maxResults=1", otherToken);
    expect(newest.body.messages).toEqual([{ id, threadId: id }]);
    const bad = await fetch(`${emulator.baseUrl}/__emulator/mailboxes/other.user%40example.com/messages`, { method: "POST", headers: { "content-type": "application/json" }, body: "{}" });
    expect(bad.status).toBe(400);
  });
});

describe("fault injection and quota", () => {
  it("fails every call at rate 1 with the statuses asked for", async () => {
    emulator.setFaults({ rate: 1, statuses: [503] });
    const { status, body } = await gmail("me/profile");
    expect(status).toBe(503);
    expect(body).toMatchObject({ error: { code: 503, status: "UNAVAILABLE" } });
  });

  it("fails the same calls again for the same seed", async () => {
    const run = async () => {
      const response = await fetch(`${emulator.baseUrl}/__emulator/faults`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ rate: 0.5, statuses: [429, 500, 503], seed: 42 }) });
      expect(response.status).toBe(200);
      const statuses: number[] = [];
      for (let call = 0; call < 12; call++) statuses.push((await gmail("me/profile")).status);
      return statuses;
    };
    const first = await run();
    expect(first).toEqual(await run());
    expect(first).toContain(200);
    expect(first.some((status) => status !== 200)).toBe(true);
  });

  it("refuses bad fault settings", async () => {
    const response = await fetch(`${emulator.baseUrl}/__emulator/faults`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ rate: 2 }) });
    expect(response.status).toBe(400);
  });

  it("enforces units per user per minute with Google's 429 and refills over time", async () => {
    emulator.setQuota(30);
    const { id } = ((await gmail("me/messages?maxResults=1")).body.messages as MessageRef[])[0]!;
    expect((await gmail(`me/messages/${id}?format=minimal`)).status).toBe(200);
    const refused = await gmail(`me/messages/${id}?format=minimal`);
    expect(refused.status).toBe(429);
    expect(refused.body).toMatchObject({ error: { code: 429, status: "RESOURCE_EXHAUSTED", errors: [{ reason: "userRateLimitExceeded", domain: "usageLimits" }] } });
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    expect((await gmail("me/profile", otherToken)).status).toBe(200);
    clock = new Date(clock.getTime() + 60_000);
    expect((await gmail(`me/messages/${id}?format=minimal`)).status).toBe(200);
  });
});

it("uses the gmail.readonly scope constant the driver requests", () => {
  expect(GMAIL_READONLY).toBe("https://www.googleapis.com/auth/gmail.readonly");
});
