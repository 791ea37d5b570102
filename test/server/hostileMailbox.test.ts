// @module-tag runtime
import { afterEach, describe, expect, it } from "vitest";
import { SyncStatusCodec } from "../../src/contract";
import { FIELD_CAPS } from "../../server/extraction/sanitize";
import { DATABASES, api, decode, signUpWithGmail, startStack, waitForSync, type Stack } from "./support/stack";
import { generatedCode, generatedPromotion } from "./support/generatedMail";
import { hostileMailbox, type HostileOutcome } from "./support/hostileMail";

const ACCOUNT = "new.user@example.com";
const PROMOTIONS = ["CATEGORY_PROMOTIONS", "INBOX"];
const BENIGN_MESSAGES = 6;
/** Far above what any message here needs but the slow one, which takes tens of seconds. */
const TIME_LIMIT_MS = 2_000;

/** A title that a constraint the test adds makes the database refuse: a message PostgreSQL will not store. */
const REFUSED_MARKER = "REFUSED-BY-TEST-CONSTRAINT";

function refusedByTheDatabase(): string {
  return generatedPromotion(900, new Date("2026-11-17T09:00:00Z")).replace(/^Subject: .*$/m, `Subject: ${REFUSED_MARKER} 20% off`);
}

/** Control characters, and the bidirectional controls the sanitiser removes, none of which may be stored. */
const CONTROL_CHARACTER = /(?![\t\n])[\p{Cc}\u202a-\u202e\u2066-\u2069]/u;
const WEB_URL = /^https?:\/\//;

interface DealRow {
  gmail_id: string;
  title: string;
  description: string;
  discount: string | null;
  terms: string[];
  promo_codes: string[];
  deal_url: string | null;
  image_urls: string[];
}

interface MessageRow {
  gmail_id: string;
  state: string;
  subject: string | null;
  sender: string | null;
  failure: string | null;
}

const length = (text: string) => [...text].length;

describe.each(DATABASES)("a hostile mailbox, on %s", (database) => {
  let stack: Stack | undefined;
  afterEach(async () => {
    await stack?.close();
    stack = undefined;
  });

  it("syncs past every hostile message, keeps every benign deal, stores only clean capped fields, and has nothing left to do after", async () => {
    const logs: string[] = [];
    stack = await startStack({
      database,
      env: { GMAIL_QUOTA_UNITS_PER_MINUTE: "0", EXTRACTION_THREADS: "2", EXTRACTION_TIME_LIMIT_MS: String(TIME_LIMIT_MS) },
      emulator: { quotaUnitsPerMinute: 0 },
      log: (message, detail) => logs.push(`${message} ${JSON.stringify(detail)}`),
    });
    const { emulator, server } = stack;
    await server.db.query(`ALTER TABLE deals ADD CONSTRAINT test_refused_title CHECK (title NOT LIKE '%${REFUSED_MARKER}%')`);

    const start = Date.parse("2026-11-16T09:00:00Z");
    const benign = Array.from({ length: BENIGN_MESSAGES }, (_, index) => ({
      gmailId: emulator.addMessage(ACCOUNT, generatedPromotion(index, new Date(start + index * 60_000)), PROMOTIONS),
      code: generatedCode(index),
    }));
    const hostile: { name: string; gmailId: string; outcome: HostileOutcome }[] = hostileMailbox().map((message) => ({
      name: message.name,
      gmailId: emulator.addMessage(ACCOUNT, message.raw, PROMOTIONS),
      outcome: message.outcome,
    }));
    hostile.push({
      name: "refused by the database",
      gmailId: emulator.addMessage(ACCOUNT, refusedByTheDatabase(), PROMOTIONS),
      outcome: { skipped: /^The database refused it \(SQLSTATE 23514\)$/ },
    });
    const skipped = hostile.filter(({ outcome }) => "skipped" in outcome);

    const { access_token: token } = await signUpWithGmail(stack, ACCOUNT);
    const first = decode(SyncStatusCodec, await waitForSync(stack, token, 120_000));

    const deals = await server.db.query<DealRow>(
      "SELECT gmail_id, title, description, discount, terms, promo_codes, deal_url, image_urls FROM deals ORDER BY gmail_id",
    );
    const messages = await server.db.query<MessageRow>("SELECT gmail_id, state, subject, sender, failure FROM gmail_messages");
    const messageOf = (gmailId: string) => messages.find((message) => message.gmail_id === gmailId)!;
    const dealsOf = (gmailId: string) => deals.filter((deal) => deal.gmail_id === gmailId);

    // One sync got through all of it, and says how many it skipped; its new deals are those a person can still use.
    const [counted] = await server.db.query<{ current: number }>(
      "SELECT count(*)::int AS current FROM deals WHERE expiration_date IS NULL OR expiration_date >= $1::date",
      [new Date().toISOString().slice(0, 10)],
    );
    const current = counted!.current;
    // The mailbox has a deal that had already ended: stored, but not new.
    expect(current).toBeLessThan(deals.length);
    expect(first.gmail_sync_progress).toBe(`Sync completed: ${current} new deals (${skipped.length} emails could not be read and were skipped)`);
    expect(first.progress).toEqual({ processed: BENIGN_MESSAGES + hostile.length, total: BENIGN_MESSAGES + hostile.length });

    for (const { gmailId, code } of benign) {
      expect(messageOf(gmailId).state).toBe("processed");
      expect(dealsOf(gmailId).map((deal) => deal.promo_codes)).toEqual([[code]]);
    }

    for (const { name, gmailId, outcome } of hostile) {
      const message = messageOf(gmailId);
      if ("skipped" in outcome) {
        expect({ name, state: message.state }).toEqual({ name, state: "failed" });
        expect(message.failure, name).toMatch(outcome.skipped);
        expect(dealsOf(gmailId), name).toEqual([]);
        continue;
      }
      expect({ name, state: message.state }).toEqual({ name, state: "processed" });
      const codes = dealsOf(gmailId).map((deal) => deal.promo_codes);
      if (outcome.stored.codes === "capped") {
        expect(codes, name).toHaveLength(1);
        expect(codes[0], name).toHaveLength(FIELD_CAPS.codesPerDeal);
      } else if (outcome.stored.codes.length > 0) {
        expect(codes, name).toEqual([outcome.stored.codes]);
      } else {
        expect(codes.flat(), name).toEqual([]);
      }
    }

    // Whatever was stored is clean and within every cap.
    for (const deal of deals) {
      const texts = [deal.title, deal.description, deal.discount ?? "", ...deal.terms, ...deal.promo_codes];
      for (const text of texts) expect(text).not.toMatch(CONTROL_CHARACTER);
      expect(length(deal.title)).toBeLessThanOrEqual(FIELD_CAPS.title);
      expect(length(deal.description)).toBeLessThanOrEqual(FIELD_CAPS.description);
      expect(deal.promo_codes.length).toBeLessThanOrEqual(FIELD_CAPS.codesPerDeal);
      for (const code of deal.promo_codes) expect(length(code)).toBeLessThanOrEqual(FIELD_CAPS.code);
      expect(deal.image_urls.length).toBeLessThanOrEqual(FIELD_CAPS.imagesPerDeal);
      for (const url of [deal.deal_url, ...deal.image_urls].filter((value) => value !== null)) {
        expect(url).toMatch(WEB_URL);
        expect(url.length).toBeLessThanOrEqual(FIELD_CAPS.url);
      }
    }
    for (const message of messages) {
      for (const text of [message.subject ?? "", message.sender ?? ""]) expect(text).not.toMatch(CONTROL_CHARACTER);
      expect(length(message.subject ?? "")).toBeLessThanOrEqual(FIELD_CAPS.subject);
    }

    const gmailIdOf = (name: string) => hostile.find((message) => message.name === name)!.gmailId;
    // Script and data links and images, in HTML, JSON-LD and microdata alike, are gone; there was no other link.
    const [scriptDeal] = dealsOf(gmailIdOf("javascript:, data: and vbscript: links and images"));
    expect({ url: scriptDeal!.deal_url, images: scriptDeal!.image_urls }).toEqual({ url: null, images: [] });
    // A megabyte subject is cut, with an ellipsis, in the message and in the deal's title.
    expect(messageOf(gmailIdOf("1 MB subject")).subject).toMatch(/^Biggest sale of the year .*…$/);
    expect(dealsOf(gmailIdOf("1 MB subject"))[0]!.title).toMatch(/^Biggest sale of the year .*…$/);
    // The 100 KB link is dropped; the next one leads to the deal.
    expect(dealsOf(gmailIdOf("10,000 links"))[0]!.deal_url).toBe("https://www.mallory-shop.test/p/0");
    // Control characters are removed from every header, and what is left reads.
    const controls = messageOf(gmailIdOf("control characters in every header"));
    expect(controls.sender).toBe("Mallory Deals <offers@news.mallory-shop.test>");
    expect(controls.subject).toMatch(/^Weekend\S* sale 25% off$/);

    // Each skipped message is logged with its id and reason; no log line quotes a subject, a sender or a code.
    for (const { gmailId } of skipped) expect(logs.some((line) => line.startsWith("Gmail message skipped") && line.includes(gmailId))).toBe(true);
    for (const line of logs) expect(line).not.toMatch(/Biggest sale|mallory|alderbrook|SAVE0|CTRL25|FLOOD|20% off|detail|where/i);

    // A second sync has nothing to do: nothing new, nothing fetched or skipped again.
    const logLinesAfterFirstSync = logs.length;
    expect((await api(stack, "POST", "/sync-gmail", { token })).status).toBe(200);
    const second = decode(SyncStatusCodec, await waitForSync(stack, token));
    expect(second.gmail_sync_progress).toBe("Sync completed: 0 new deals");
    // No progress to show: the sync found no message to read.
    expect(second.progress).toBeNull();
    const states = (rows: MessageRow[]) => rows.map(({ gmail_id, state, failure }) => ({ gmail_id, state, failure })).sort((a, b) => a.gmail_id.localeCompare(b.gmail_id));
    expect(states(await server.db.query<MessageRow>("SELECT gmail_id, state, failure FROM gmail_messages"))).toEqual(states(messages));
    expect((await server.db.query("SELECT count(*)::int AS count FROM deals"))[0]).toEqual({ count: deals.length });
    expect(logs.slice(logLinesAfterFirstSync)).toEqual([]);
  });
});
