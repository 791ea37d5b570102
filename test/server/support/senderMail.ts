/**
 * A sender's newsletter that offers nothing: a promotion (bulk mail from an organisation, with one-click unsubscribe)
 * that gives no deal, so its sender has no brand row. Written for the tests; the sender is invented.
 */
export const NEWSLETTER_SENDER = { name: "Marrowfield Journal", domain: "marrowfield-journal.test", list: "marrowfield" } as const;

/** The newsletter's issue `issue`, sent `daysAgo` days ago, whose one-click address is the emulator's list endpoint. */
export function newsletterWithoutDeals(emulatorBaseUrl: string, issue: number, daysAgo: number): string {
  const { name, domain, list } = NEWSLETTER_SENDER;
  return [
    `From: "${name}" <letters@news.${domain}>`,
    "To: Demo User <demo@example.com>",
    `Subject: ${name}, issue ${issue}: notes from the potting shed`,
    `Date: ${new Date(Date.now() - daysAgo * 86_400_000).toUTCString().replace("GMT", "+0000")}`,
    `Message-ID: <issue-${issue}@news.${domain}>`,
    "MIME-Version: 1.0",
    "Content-Type: text/html; charset=utf-8",
    `List-Unsubscribe: <${emulatorBaseUrl}/lists/${list}/unsubscribe>`,
    "List-Unsubscribe-Post: List-Unsubscribe=One-Click",
    "",
    `<html><body><h1>${name}</h1>`,
    `<p>Issue ${issue}. This week our gardeners write about pruning roses before the frost and keeping seed packets dry.</p>`,
    "<p>Readers sent us photographs of their winter borders; a few of them are below.</p>",
    `<p><a href="https://www.${domain}/issues/${issue}">Read the issue on our website</a></p>`,
    `<p>${name}, 12 Orchard Row, Springfield. You receive this because you subscribed to our letters.</p></body></html>`,
    "",
  ].join("\r\n");
}
