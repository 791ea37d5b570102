import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startMailSink, type MailSink } from "../../emulator/outbox/mailSink";
import { ApiErrorCodec, DealStatusAnswerCodec, TestReportCodec } from "../../src/contract";
import { savedSentence } from "../../src/domain/savings";
import { wholeDashboard } from "./support/dashboard";
import { DATABASES, api, decode, signUpWithGmail, startStack, waitForSync, type Stack } from "./support/stack";

/*
 * Savings end to end (docs/product.md, "Savings"): a mail's was/now price on its deal, "Used it" with an amount through
 * PUT /deals/:id/status, the dashboard's "Saved this month / this year", and the same figures in the weekly report.
 */
const ACCOUNT = "new.user@example.com";
const OTHER = "other.user@example.com";
const PROMOTIONS = ["CATEGORY_PROMOTIONS"];

function kettleMail(index: number, html: string): string {
  return [
    "From: Copper Kettle <news@mail.copperkettle.test>",
    `To: ${ACCOUNT}`,
    `Subject: Kettle sale ${index}`,
    `Date: ${new Date(Date.now() - index * 3_600_000).toUTCString().replace("GMT", "+0000")}`,
    `Message-ID: <kettle-${index}@mail.copperkettle.test>`,
    "MIME-Version: 1.0",
    "Content-Type: text/html; charset=utf-8",
    `List-Unsubscribe: <https://mail.copperkettle.test/unsubscribe?u=${index}>`,
    "",
    `<html><body>${html}<p>Use code <b>KETTLE${index}</b> at checkout.</p><p><a href="https://www.copperkettle.test/sale">Shop now</a></p></body></html>`,
    "",
  ].join("\r\n");
}

describe.each(DATABASES)("savings on %s", (database) => {
  let stack: Stack;
  let sink: MailSink;
  let saver: Awaited<ReturnType<typeof signUpWithGmail>>;
  let other: Awaited<ReturnType<typeof signUpWithGmail>>;

  beforeAll(async () => {
    sink = await startMailSink();
    stack = await startStack({ database, env: { SMTP_URL: sink.smtpUrl, MAIL_FROM: "Deal Finder <deals@example.org>" } });
    stack.emulator.addMessage(ACCOUNT, kettleMail(1, "<p>The Copper Kettle: $35.99 instead of $59.99</p>"), PROMOTIONS);
    stack.emulator.addMessage(ACCOUNT, kettleMail(2, "<p><span>£12.00</span> <s>£20.00</s> for the tea towel set</p>"), PROMOTIONS);
    saver = await signUpWithGmail(stack, ACCOUNT);
    other = await signUpWithGmail(stack, OTHER);
    await waitForSync(stack, saver.access_token);
    await waitForSync(stack, other.access_token);
  });
  afterAll(async () => {
    await stack?.close();
    await sink?.close();
  });

  const setStatus = (token: string, dealId: string, body: unknown) => api(stack, "PUT", `/deals/${dealId}/status`, { token, body });
  const dealWithCode = async (code: string) => (await wholeDashboard(stack, saver.access_token)).deals.find((deal) => deal.promoCode?.includes(code))!;

  it("shows the mail's was/now price on its deal", async () => {
    expect((await dealWithCode("KETTLE1")).price).toEqual({ currency: "USD", nowHundredths: 3599, wasHundredths: 5999 });
    expect((await dealWithCode("KETTLE2")).price).toEqual({ currency: "GBP", nowHundredths: 1200, wasHundredths: 2000 });
  });

  it("records a saving with Used it, shows it on the deal and in the totals per currency, and clears it when unmarked", async () => {
    const kettle = await dealWithCode("KETTLE1");
    const towels = await dealWithCode("KETTLE2");
    const recorded = decode(DealStatusAnswerCodec, (await setStatus(saver.access_token, kettle.id, { status: "used", saved: { hundredths: 2400, currency: "USD" } })).body);
    expect(recorded).toMatchObject({ status: "used", saved: { hundredths: 2400, currency: "USD" } });
    expect(Date.now() - Date.parse(recorded.saved!.at)).toBeLessThan(60_000);
    await setStatus(saver.access_token, towels.id, { status: "used", saved: { hundredths: 800, currency: "GBP" } });

    const dashboard = await wholeDashboard(stack, saver.access_token);
    expect(dashboard.deals.find((deal) => deal.id === kettle.id)!.saved).toEqual(recorded.saved);
    expect(dashboard.saved).toEqual({
      month: [{ hundredths: 2400, currency: "USD" }, { hundredths: 800, currency: "GBP" }],
      year: [{ hundredths: 2400, currency: "USD" }, { hundredths: 800, currency: "GBP" }],
    });
    // Never shared.
    expect((await wholeDashboard(stack, other.access_token)).saved).toEqual({ month: [], year: [] });

    // "used" again without an amount keeps it; any other status clears it.
    expect(decode(DealStatusAnswerCodec, (await setStatus(saver.access_token, kettle.id, { status: "used" })).body).saved).toEqual(recorded.saved);
    expect(decode(DealStatusAnswerCodec, (await setStatus(saver.access_token, towels.id, { status: null })).body)).toEqual({ status: null, saved: null });
    const after = await wholeDashboard(stack, saver.access_token);
    expect(after.deals.find((deal) => deal.id === towels.id)!.saved).toBeUndefined();
    expect(after.saved.month).toEqual([{ hundredths: 2400, currency: "USD" }]);
    const [row] = await stack.server.db.query<{ saved_hundredths: unknown; saved_currency: unknown; saved_at: unknown }>(
      "SELECT saved_hundredths, saved_currency, saved_at FROM deals WHERE id = $1",
      [towels.id],
    );
    expect(row).toEqual({ saved_hundredths: null, saved_currency: null, saved_at: null });
  });

  it("refuses a bad amount with a 400 in words, and another person's deal with a 404", async () => {
    const kettle = await dealWithCode("KETTLE1");
    for (const body of [
      { status: "used", saved: { hundredths: -1, currency: "USD" } },
      { status: "used", saved: { hundredths: 100_000_001, currency: "USD" } },
      { status: "used", saved: { hundredths: 12.5, currency: "USD" } },
      { status: "used", saved: { hundredths: "1200", currency: "USD" } },
      { status: "used", saved: { hundredths: 1200, currency: "usd" } },
      { status: "used", saved: { hundredths: 1200, currency: "XYZ" } },
      { status: "used", saved: { hundredths: 1200 } },
      { status: "used", saved: { hundredths: 1200, currency: "USD", note: "x" } },
      { status: "not_working", saved: { hundredths: 1200, currency: "USD" } },
      { status: null, saved: { hundredths: 1200, currency: "USD" } },
    ]) {
      const refused = await setStatus(saver.access_token, kettle.id, body);
      expect(refused.status, JSON.stringify(body)).toBe(400);
      const error = decode(ApiErrorCodec, refused.body);
      expect(error.code).toBe("invalid_status");
      expect(error.message).not.toMatch(/must match|pattern|schema|body\//i);
    }
    const foreign = await setStatus(other.access_token, kettle.id, { status: "used", saved: { hundredths: 100, currency: "USD" } });
    expect(foreign.status).toBe(404);
    expect((await dealWithCode("KETTLE1")).saved?.hundredths).toBe(2400);
  });

  it("keeps the status and the saving through a re-sync that reads the deal's mail again", async () => {
    const kettle = await dealWithCode("KETTLE1");
    await stack.server.db.query("UPDATE gmail_messages SET state = 'pending' WHERE gmail_id = (SELECT gmail_id FROM deals WHERE id = $1)", [kettle.id]);
    expect((await api(stack, "POST", "/sync-gmail", { token: saver.access_token })).status).toBe(200);
    await waitForSync(stack, saver.access_token);
    const [state] = await stack.server.db.query<{ state: string }>("SELECT state FROM gmail_messages WHERE gmail_id = (SELECT gmail_id FROM deals WHERE id = $1)", [kettle.id]);
    expect(state!.state).toBe("processed");
    const again = await dealWithCode("KETTLE1");
    expect(again).toMatchObject({ status: "used", saved: kettle.saved, price: kettle.price });
  });

  it("says the dashboard's totals in the weekly report", async () => {
    const dashboard = await wholeDashboard(stack, saver.access_token);
    // The report lists deals the person can still use: one more, unmarked.
    stack.emulator.addMessage(ACCOUNT, kettleMail(3, "<p>Mugs 20% off this week only.</p>"), PROMOTIONS);
    expect((await api(stack, "POST", "/sync-gmail", { token: saver.access_token })).status).toBe(200);
    await waitForSync(stack, saver.access_token);
    sink.clear();
    const sent = await api(stack, "POST", "/reports/test", { token: saver.access_token });
    expect(decode(TestReportCodec, sent.body).message).toBe(`Test report sent to ${ACCOUNT}.`);
    const [report] = sink.messages().filter((message) => message.envelopeTo.includes(ACCOUNT));
    const sentence = savedSentence(dashboard.saved)!;
    expect(sentence).toBe("You saved $24.00 this month and $24.00 this year.");
    expect(report!.text).toContain(sentence);
    expect(report!.html).toContain(sentence);
  });
});
