import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ApiErrorCodec, SenderAnswerCodec, SendersCodec, type SenderDto } from "../../src/contract";
import { emailsPerWeek } from "../../src/domain/dealDetail";
import { NEWSLETTER_SENDER, newsletterWithoutDeals } from "./support/senderMail";
import { DATABASES, api, decode, signUpWithGmail, startStack, waitForSync, type Stack } from "./support/stack";

/** A well-formed id that no row has. */
const NO_SUCH_ID = "00000000-0000-4000-8000-000000000000";

interface RecordedUnsubscribe {
  list: string;
  contentType: string | null;
  body: string;
  cookie: boolean;
  authorization: boolean;
}

async function recordedUnsubscribes(stack: Stack): Promise<RecordedUnsubscribe[]> {
  const response = await fetch(`${stack.emulator.baseUrl}/__emulator/unsubscribes`);
  return ((await response.json()) as { unsubscribes: RecordedUnsubscribe[] }).unsubscribes;
}

/** A brand's promotion with the unsubscribe headers given (a brand of its own per message, written for the test). */
function promotionWithUnsubscribe(brand: string, listUnsubscribe: string, oneClick: boolean): string {
  const domain = `${brand.toLowerCase()}-goods.test`;
  return [
    `From: ${brand} <deals@news.${domain}>`,
    "To: new.user@example.com",
    "Subject: 20% off everything this week",
    `Date: ${new Date(Date.now() - 86_400_000).toUTCString().replace("GMT", "+0000")}`,
    `Message-ID: <offer@news.${domain}>`,
    "MIME-Version: 1.0",
    "Content-Type: text/html; charset=utf-8",
    `List-Unsubscribe: <${listUnsubscribe}>`,
    ...(oneClick ? ["List-Unsubscribe-Post: List-Unsubscribe=One-Click"] : []),
    "",
    "<html><body><h1>20% off everything</h1>",
    `<p>Use code <strong>${brand.toUpperCase()}20</strong> at checkout for 20% off your order.</p>`,
    `<p><a href="https://www.${domain}/sale">Shop the sale</a></p>`,
    `<p>${brand}, 4 Mill Lane, Springfield</p></body></html>`,
    "",
  ].join("\r\n");
}

describe.each(DATABASES)("Your senders and one-click unsubscribe, on %s", (database) => {
  let stack: Stack;
  let token: string;
  let otherToken: string;

  beforeAll(async () => {
    // The emulator (127.0.0.1) is let through as the demo mailbox's senders' server, as demo mode does.
    stack = await startStack({
      database,
      env: { GMAIL_QUOTA_UNITS_PER_MINUTE: "0", UNSUBSCRIBE_ALLOWED_HOSTS: "127.0.0.1" },
      emulator: { quotaUnitsPerMinute: 0 },
    });
    // A newsletter that never offers a deal, three issues in the demo mailbox: a sender with no brand row.
    for (const [issue, daysAgo] of [[1, 12], [2, 5], [3, 2]] as const) {
      stack.emulator.addMessage("demo@example.com", newsletterWithoutDeals(stack.emulator.baseUrl, issue, daysAgo), ["INBOX", "CATEGORY_PROMOTIONS"]);
    }
    token = (await signUpWithGmail(stack, "demo@example.com")).access_token;
    await waitForSync(stack, token);
    otherToken = (await signUpWithGmail(stack, "other.user@example.com")).access_token;
    await waitForSync(stack, otherToken);
  }, 120_000);
  afterAll(async () => {
    await stack?.close();
  });

  const senders = async (as = token) => decode(SendersCodec, (await api(stack, "GET", "/senders", { token: as })).body).senders;
  const named = async (name: string): Promise<SenderDto> => {
    const sender = (await senders()).find((candidate) => candidate.name.toLowerCase().includes(name));
    if (!sender) throw new Error(`No sender named like ${name}`);
    return sender;
  };

  it("lists every brand with its mail, its deals and the way to leave its list", async () => {
    const list = await senders();
    expect(list.length).toBeGreaterThan(20);
    for (const sender of list) {
      expect(sender.mails).toBeGreaterThanOrEqual(1);
      // Only a sender without a brand row has no deal: a brand row exists once its mail gave one.
      if (sender.brandId === null) expect(sender.dealsFound).toBe(0);
      else expect(sender.dealsFound).toBeGreaterThanOrEqual(1);
      expect(sender.mailsPerWeek).toBeGreaterThan(0);
      expect(sender.unsubscribedAt).toBeNull();
    }
    expect(new Set(list.map((sender) => sender.id)).size).toBe(list.length);
    // Brindlemart sends four mails: three promotions with deals and one order confirmation, which is no promotion.
    expect((await named("brindlemart")).mails).toBe(3);
    expect((await named("torqhaven")).unsubscribe).toEqual({ kind: "one-click" });
    expect((await named("ambergloss")).unsubscribe).toEqual({ kind: "mailto", url: expect.stringMatching(/^mailto:unsubscribe-/) });
    expect((await named("mossdew")).unsubscribe).toEqual({ kind: "web", url: expect.stringMatching(/^https:\/\/mail\.mossdew\.com\//) });
  });

  it("lists a sender whose mail never gave a deal: its mails a week, 0 deals, its name from its mail, no brand", async () => {
    const newsletter = (await senders()).find((sender) => sender.domain === NEWSLETTER_SENDER.domain);
    const [window] = await stack.server.db.query<{ first_sent: Date | string; last_sent: Date | string }>(
      `SELECT min(coalesce(sent_at, processed_at)) AS first_sent, max(coalesce(sent_at, processed_at)) AS last_sent
       FROM gmail_messages WHERE user_id = (SELECT id FROM users WHERE email = 'demo@example.com') AND state = 'processed'`,
    );
    expect(newsletter).toEqual({
      id: expect.any(String),
      brandId: null,
      name: NEWSLETTER_SENDER.name,
      domain: NEWSLETTER_SENDER.domain,
      mails: 3,
      mailsPerWeek: emailsPerWeek(3, new Date(window!.first_sent), new Date(window!.last_sent)),
      dealsFound: 0,
      dealsUsed: 0,
      saved: [],
      unsubscribe: { kind: "one-click" },
      unsubscribedAt: null,
    });
  });

  it("names a sender by its domain when its mail was synced before names were kept", async () => {
    await stack.server.db.query("UPDATE gmail_messages SET brand_name = NULL WHERE brand_domain = $1", [NEWSLETTER_SENDER.domain]);
    try {
      const newsletter = (await senders()).find((sender) => sender.domain === NEWSLETTER_SENDER.domain);
      expect(newsletter?.name).toBe(NEWSLETTER_SENDER.domain);
    } finally {
      await stack.server.db.query(
        "UPDATE gmail_messages SET brand_name = $2 WHERE brand_domain = $1",
        [NEWSLETTER_SENDER.domain, NEWSLETTER_SENDER.name],
      );
    }
  });

  it("unsubscribes a sender without a brand with one POST, recorded once, and only for its owner", async () => {
    const newsletter = (await senders()).find((sender) => sender.domain === NEWSLETTER_SENDER.domain)!;
    const before = (await recordedUnsubscribes(stack)).length;
    // Another person can neither see it nor leave its list for its owner.
    expect((await senders(otherToken)).some((sender) => sender.id === newsletter.id || sender.domain === NEWSLETTER_SENDER.domain)).toBe(false);
    const theirs = await api(stack, "POST", `/senders/${newsletter.id}/unsubscribe`, { token: otherToken });
    expect({ status: theirs.status, code: decode(ApiErrorCodec, theirs.body).code }).toEqual({ status: 404, code: "sender_not_found" });
    expect(await recordedUnsubscribes(stack)).toHaveLength(before);

    const answer = await api(stack, "POST", `/senders/${newsletter.id}/unsubscribe`, { token });
    expect(answer.status).toBe(200);
    const { sender } = decode(SenderAnswerCodec, answer.body);
    expect(sender).toMatchObject({ id: newsletter.id, brandId: null, dealsFound: 0, unsubscribedAt: expect.any(String) });
    expect((await recordedUnsubscribes(stack)).slice(before)).toEqual([
      expect.objectContaining({ list: NEWSLETTER_SENDER.list, body: "List-Unsubscribe=One-Click", contentType: "application/x-www-form-urlencoded", cookie: false }),
    ]);
    const again = await api(stack, "POST", `/senders/${newsletter.id}/unsubscribe`, { token });
    expect(decode(SenderAnswerCodec, again.body).sender.unsubscribedAt).toBe(sender.unsubscribedAt);
    expect((await recordedUnsubscribes(stack)).slice(before)).toHaveLength(1);
    expect((await senders()).find((entry) => entry.id === newsletter.id)?.unsubscribedAt).toBe(sender.unsubscribedAt);
    // Still nothing of it for the other person.
    expect((await senders(otherToken)).some((entry) => entry.domain === NEWSLETTER_SENDER.domain)).toBe(false);
  });

  it("sums the savings a person recorded per currency, never mixing them, and only for deals marked used", async () => {
    const torqhaven = await named("torqhaven");
    const gearloft = await named("gearloft");
    const [userId] = await stack.server.db.query<{ user_id: string }>("SELECT user_id FROM brands WHERE id = $1", [torqhaven.brandId!]);
    const dealOf = async (brandId: string) =>
      (await stack.server.db.query<{ id: string }>("SELECT id FROM deals WHERE brand_id = $1 ORDER BY id LIMIT 1", [brandId]))[0]!.id;
    const record = (dealId: string, status: string | null, hundredths: number, currency: string) =>
      stack.server.db.query("UPDATE deals SET status = $2, saved_hundredths = $3, saved_currency = $4, saved_at = now() WHERE id = $1 AND user_id = $5", [
        dealId,
        status,
        hundredths,
        currency,
        userId!.user_id,
      ]);
    await record(await dealOf(torqhaven.brandId!), "used", 3000, "USD");
    await record(await dealOf(gearloft.brandId!), "used", 1250, "EUR");
    expect((await named("torqhaven")).saved).toEqual([{ currency: "USD", hundredths: 3000 }]);
    expect((await named("torqhaven")).dealsUsed).toBe(1);
    expect((await named("gearloft")).saved).toEqual([{ currency: "EUR", hundredths: 1250 }]);
    // Undone "Used it": what it saved no longer counts.
    await record(await dealOf(gearloft.brandId!), null, 1250, "EUR");
    expect((await named("gearloft")).saved).toEqual([]);
  });

  it("unsubscribes a one-click sender with one POST carrying RFC 8058's body and no cookie, and records it", async () => {
    const torqhaven = await named("torqhaven");
    const before = (await recordedUnsubscribes(stack)).length;
    const answer = await api(stack, "POST", `/senders/${torqhaven.id}/unsubscribe`, { token });
    expect(answer.status).toBe(200);
    const { sender } = decode(SenderAnswerCodec, answer.body);
    expect(sender.unsubscribedAt).not.toBeNull();
    const recorded = (await recordedUnsubscribes(stack)).slice(before);
    expect(recorded).toEqual([
      expect.objectContaining({
        list: "torqhaven",
        body: "List-Unsubscribe=One-Click",
        contentType: "application/x-www-form-urlencoded",
        cookie: false,
        authorization: false,
      }),
    ]);
    // Pressed again (a second tab): the recorded unsubscription, and no second POST.
    const again = await api(stack, "POST", `/senders/${torqhaven.id}/unsubscribe`, { token });
    expect(decode(SenderAnswerCodec, again.body).sender.unsubscribedAt).toBe(sender.unsubscribedAt);
    expect((await recordedUnsubscribes(stack)).slice(before)).toHaveLength(1);
    // The brand's page reads the same.
    const one = decode(SenderAnswerCodec, (await api(stack, "GET", `/brands/${torqhaven.brandId}/sender`, { token })).body).sender;
    expect(one).toMatchObject({ id: torqhaven.id, brandId: torqhaven.brandId, unsubscribedAt: sender.unsubscribedAt });
  });

  it("sends one request when two presses come at once (two tabs)", async () => {
    const gearloft = await named("gearloft");
    const before = (await recordedUnsubscribes(stack)).length;
    const answers = await Promise.all([1, 2].map(() => api(stack, "POST", `/senders/${gearloft.id}/unsubscribe`, { token })));
    expect(answers.map((answer) => answer.status).sort()).toEqual(expect.arrayContaining([200]));
    for (const answer of answers.filter((candidate) => candidate.status !== 200)) {
      expect({ status: answer.status, code: decode(ApiErrorCodec, answer.body).code }).toEqual({ status: 409, code: "unsubscribe_in_progress" });
    }
    expect((await recordedUnsubscribes(stack)).slice(before).map((entry) => entry.list)).toEqual(["gearloft"]);
    expect((await named("gearloft")).unsubscribedAt).not.toBeNull();
  });

  it("sends nothing for a sender without one-click (a mailto: or a web page is the person's to open)", async () => {
    const before = (await recordedUnsubscribes(stack)).length;
    for (const name of ["ambergloss", "mossdew"]) {
      const answer = await api(stack, "POST", `/senders/${(await named(name)).id}/unsubscribe`, { token });
      expect(answer.status).toBe(409);
      expect(decode(ApiErrorCodec, answer.body).code).toBe("no_one_click_unsubscribe");
    }
    expect(await recordedUnsubscribes(stack)).toHaveLength(before);
  });

  it("keeps each person's senders their own: another's sender or brand, or none, is a 404 and sends nothing", async () => {
    const before = (await recordedUnsubscribes(stack)).length;
    const theirs = await named("torqhaven");
    expect((await senders(otherToken)).some((sender) => sender.id === theirs.id || sender.brandId === theirs.brandId)).toBe(false);
    for (const id of [theirs.id, theirs.brandId!, NO_SUCH_ID]) {
      const brand = await api(stack, "GET", `/brands/${id}/sender`, { token: otherToken });
      expect({ status: brand.status, code: decode(ApiErrorCodec, brand.body).code }).toEqual({ status: 404, code: "brand_not_found" });
      const unsubscribe = await api(stack, "POST", `/senders/${id}/unsubscribe`, { token: otherToken });
      expect({ status: unsubscribe.status, code: decode(ApiErrorCodec, unsubscribe.body).code }).toEqual({ status: 404, code: "sender_not_found" });
    }
    // A sender's key is its own: its brand's id names no sender, and a sender's id no brand.
    expect((await api(stack, "POST", `/senders/${theirs.brandId}/unsubscribe`, { token })).status).toBe(404);
    expect((await api(stack, "GET", `/brands/${theirs.id}/sender`, { token })).status).toBe(404);
    for (const bad of ["not-a-uuid", "urn:uuid:00000000-0000-4000-8000-000000000000", NEWSLETTER_SENDER.domain, "00000000-0000-4000-8000-00000000000g"]) {
      const unsubscribe = await api(stack, "POST", `/senders/${encodeURIComponent(bad)}/unsubscribe`, { token });
      expect({ status: unsubscribe.status, code: decode(ApiErrorCodec, unsubscribe.body).code }).toEqual({ status: 400, code: "invalid_sender_id" });
      const brand = await api(stack, "GET", `/brands/${encodeURIComponent(bad)}/sender`, { token });
      expect({ status: brand.status, code: decode(ApiErrorCodec, brand.body).code }).toEqual({ status: 400, code: "invalid_brand_id" });
    }
    expect((await api(stack, "POST", `/senders/${theirs.id}/unsubscribe`)).status).toBe(401);
    expect((await api(stack, "GET", `/brands/${theirs.brandId}/sender`)).status).toBe(401);
    expect(await recordedUnsubscribes(stack)).toHaveLength(before);
  });
});

/**
 * A sender's URL is the sender's: addresses that are not public are refused before any connection, whatever way the
 * URL writes them, and so is plain http. A listener on 127.0.0.1 counts every connection that would have reached it.
 */
describe.each(DATABASES)("One-click unsubscribe refuses private addresses without a request, on %s", (database) => {
  let stack: Stack;
  let token: string;
  let listener: Server;
  let connections = 0;
  const senderIds: Record<string, string> = {};

  beforeAll(async () => {
    listener = createServer((_request, response) => response.end("ok"));
    listener.on("connection", () => (connections += 1));
    await new Promise<void>((resolve) => listener.listen(0, "127.0.0.1", resolve));
    const port = (listener.address() as AddressInfo).port;
    // No allow-list: the emulator at 127.0.0.1 is a private address like any other here.
    stack = await startStack({ database, env: { GMAIL_QUOTA_UNITS_PER_MINUTE: "0" }, emulator: { quotaUnitsPerMinute: 0 } });
    const hostile: Record<string, [url: string, oneClick: boolean]> = {
      Loopfern: [`https://127.0.0.1:${port}/unsubscribe`, true],
      Hostmere: [`https://localhost:${port}/unsubscribe`, true],
      Privale: ["https://10.1.2.3/unsubscribe", true],
      Metadawn: ["https://169.254.169.254/latest/meta-data/", true],
      Sixloop: [`https://[::1]:${port}/unsubscribe`, true],
      Emulane: [`${stack.emulator.baseUrl}/lists/emulane/unsubscribe`, true],
      Plainwick: ["http://93.184.216.34/unsubscribe", true],
    };
    for (const [brand, [url, oneClick]] of Object.entries(hostile)) {
      stack.emulator.addMessage("new.user@example.com", promotionWithUnsubscribe(brand, url, oneClick), ["INBOX", "CATEGORY_PROMOTIONS"]);
    }
    token = (await signUpWithGmail(stack, "new.user@example.com")).access_token;
    await waitForSync(stack, token);
    const list = decode(SendersCodec, (await api(stack, "GET", "/senders", { token })).body).senders;
    for (const sender of list) senderIds[sender.name] = sender.id;
  }, 120_000);
  afterAll(async () => {
    await stack?.close();
    await new Promise((resolve) => listener?.close(resolve));
  });

  const unsubscribe = async (brand: string) => {
    const senderId = senderIds[brand];
    if (!senderId) throw new Error(`No sender ${brand} among ${Object.keys(senderIds).join(", ")}`);
    const answer = await api(stack, "POST", `/senders/${senderId}/unsubscribe`, { token });
    return { status: answer.status, code: decode(ApiErrorCodec, answer.body).code };
  };

  it.each([
    ["127.0.0.1", "Loopfern"],
    ["a host name that resolves to loopback (localhost)", "Hostmere"],
    ["10.x", "Privale"],
    ["169.254.169.254 (cloud metadata)", "Metadawn"],
    ["[::1]", "Sixloop"],
  ])("refuses %s with a 422 and connects to nothing", async (_what, brand) => {
    expect(await unsubscribe(brand)).toEqual({ status: 422, code: "unsubscribe_address_refused" });
    expect(connections).toBe(0);
    expect(await recordedUnsubscribes(stack)).toEqual([]);
  });

  it("offers no one-click for plain http (the emulator too, when no allow-list names it), and refuses to send it", async () => {
    const list = decode(SendersCodec, (await api(stack, "GET", "/senders", { token })).body).senders;
    for (const brand of ["Plainwick", "Emulane"]) {
      expect(list.find((sender) => sender.name === brand)?.unsubscribe).toBeNull();
      expect(await unsubscribe(brand)).toEqual({ status: 409, code: "no_one_click_unsubscribe" });
    }
    expect(connections).toBe(0);
    expect(await recordedUnsubscribes(stack)).toEqual([]);
  });

  it("limits the requests one account may make (each would reach a sender's server), whatever the outcome", async () => {
    const codes: string[] = [];
    for (let attempt = 0; attempt < 30; attempt++) codes.push((await unsubscribe("Loopfern")).code);
    const firstRefusal = codes.indexOf("rate_limited");
    expect(firstRefusal).toBeGreaterThan(0);
    expect(codes.slice(firstRefusal).every((code) => code === "rate_limited")).toBe(true);
    expect(codes.slice(0, firstRefusal).every((code) => code === "unsubscribe_address_refused")).toBe(true);
    expect(connections).toBe(0);
  });

  it("records nothing as unsubscribed after a refusal", async () => {
    const list = decode(SendersCodec, (await api(stack, "GET", "/senders", { token })).body).senders;
    expect(list.every((sender) => sender.unsubscribedAt === null)).toBe(true);
  });
});
