/**
 * The weekly report and the reminder as emails: HTML that Gmail, Outlook and Apple Mail all lay out (tables for
 * layout, inline styles, no external CSS, no images, a fixed 600 px column for Outlook's Word engine, narrower padding
 * on phones), readable in light and dark mode, and a plain-text part saying the same. The weekly report opens with its
 * top picks and a button to the dashboard, then the rest by brand (docs/product.md, "Emails"). Every text from a deal is cleaned and escaped here; every link points at our own app.
 */
import { savedSentence } from "../../../src/domain/savings";
import { categoryText, endDateText } from "../../../src/domain/evidence";
import type { EmailLinks, RenderedEmail, ReportEmails } from "../../application/reports/ports";
import type { AlertContent, BrandGroup, ReminderContent, ReportItem, ReportSection, ReportSince, WeeklyReport } from "../../application/reports/reportContent";
import { cleanLine, escapeHtml, htmlLine } from "./emailText";
import { countOf } from "../../../src/domain/counting";

type Report = Extract<WeeklyReport, { kind: "report" }>;
type Reminder = Extract<ReminderContent, { kind: "reminder" }>;
type Alert = Extract<AlertContent, { kind: "alert" }>;

/** Caps on deal text, in characters: a deal line stays one or two lines on a phone. */
const MAX = { title: 140, brand: 60, code: 40, discount: 60, codes: 4 } as const;

/**
 * Light colours inline (what every client shows), dark ones in a media query for the clients that honour it (Apple
 * Mail, Outlook on the Mac and phones); both pairs pass WCAG AA contrast. Clients that invert colours themselves
 * (Gmail's apps, Outlook.com) start from the light pair, which inverts cleanly: no background images, no pure black.
 */
const LIGHT = {
  page: "#f3f4f6",
  card: "#ffffff",
  text: "#1f2937",
  muted: "#4b5563",
  link: "#1d4ed8",
  rule: "#e5e7eb",
  codeBackground: "#eef2ff",
  codeBorder: "#a5b4fc",
  codeText: "#312e81",
  urgent: "#b91c1c",
  /** The dashboard button: white on this blue passes AA in both schemes, so dark mode keeps it. */
  button: "#1d4ed8",
  buttonText: "#ffffff",
} as const;

const DARK_STYLE = `
:root { color-scheme: light dark; supported-color-schemes: light dark; }
@media (prefers-color-scheme: dark) {
  .df-page { background-color: #111827 !important; }
  .df-card { background-color: #1f2937 !important; }
  .df-text { color: #f9fafb !important; }
  .df-muted { color: #d1d5db !important; }
  .df-link { color: #93c5fd !important; }
  .df-rule { border-color: #374151 !important; }
  .df-code { background-color: #312e81 !important; border-color: #6366f1 !important; color: #e0e7ff !important; }
  .df-urgent { color: #fca5a5 !important; }
}
@media (max-width: 480px) {
  .df-outer { padding: 12px 4px !important; }
  .df-inner { padding: 16px 16px 4px 16px !important; }
}`;

const FONT = "font-family:-apple-system,BlinkMacSystemFont,'Segoe UI',Roboto,Helvetica,Arial,sans-serif";

/** "today", "tomorrow", "in 3 days": how near a deal's end is on the person's day. */
const whenItEnds = (daysLeft: number) => (daysLeft === 0 ? "today" : daysLeft === 1 ? "tomorrow" : `in ${countOf(daysLeft, "day")}`);

/**
 * The deal's end in the app's one wording (src/domain/evidence.ts: "Ends Tue 1 Dec", "Probably ends ...", "Ends soon
 * (no date given)"), with how near it is on the person's day.
 */
function endsLabel(item: ReportItem): string | null {
  const ends = endDateText(item);
  if (ends === null || item.daysLeft === null) return ends;
  return `${ends} (${whenItEnds(item.daysLeft)})`;
}

const sectionCount = (section: ReportSection) => section.items.length + section.more;
const codesOf = (item: ReportItem) => item.codes.slice(0, MAX.codes).map((code) => cleanLine(code, MAX.code)).filter(Boolean);
const absolute = (links: EmailLinks, path: string) => `${links.appUrl}${path}`;
const settingsUrl = (links: EmailLinks) => absolute(links, "/settings");

/** RFC 8058 one-click unsubscribe: the mail client POSTs `List-Unsubscribe=One-Click` to the address, no sign-in. */
function unsubscribeHeaders(links: EmailLinks): Record<string, string> {
  return { "List-Unsubscribe": `<${links.unsubscribeUrl}>`, "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" };
}

const SINCE: Readonly<Record<ReportSince, string>> = {
  "last-report": "since your last report",
  joined: "since you joined",
  "past-week": "this past week",
};

function summaryOf(report: Report): string {
  const parts: string[] = [];
  const ending = sectionCount(report.expiringSoon);
  const fresh = report.newDealCount;
  if (ending > 0) parts.push(`${countOf(ending, "deal ends", "deals end")} in the next 7 days`);
  if (fresh > 0) parts.push(`${countOf(fresh, "new deal")} ${SINCE[report.since]}`);
  return parts.join(", ");
}

/** A test report's subject starts with "[Test] ", so it is never taken for the week's real one. */
function weeklySubject(report: Report): string {
  const ending = sectionCount(report.expiringSoon);
  const fresh = report.newDealCount;
  const prefix = report.test ? "[Test] " : "";
  if (ending > 0 && fresh > 0) return `${prefix}Your deals this week: ${countOf(ending, "ends", "end")} soon, ${fresh} new`;
  if (ending > 0) return `${prefix}Your deals this week: ${countOf(ending, "deal ends", "deals end")} soon`;
  return `${prefix}Your deals this week: ${countOf(fresh, "new deal")}`;
}

const PICKS_HEADING = "Top picks";
const REST_HEADING = "More deals, by brand";
const DASHBOARD_BUTTON = "Open your dashboard";

/**
 * The whole email in one `role="article"` named by its subject: a web mail client shows it inside its own page, whose
 * landmarks it joins, so the email brings no `<main>` of its own (the accessibility practice for email).
 */
function emailDocument(title: string, preheader: string, body: string): string {
  return `<!DOCTYPE html>
<html lang="en" xmlns="http://www.w3.org/1999/xhtml">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light dark">
<meta name="supported-color-schemes" content="light dark">
<meta name="x-apple-disable-message-reformatting">
<title>${escapeHtml(title)}</title>
<style>${DARK_STYLE}</style>
</head>
<body class="df-page" style="margin:0;padding:0;background-color:${LIGHT.page};${FONT}">
<div role="article" aria-roledescription="email" aria-label="${escapeHtml(title)}" lang="en">
<div style="display:none;max-height:0;overflow:hidden;mso-hide:all">${escapeHtml(preheader)}</div>
<table role="presentation" class="df-page" width="100%" cellpadding="0" cellspacing="0" border="0" style="background-color:${LIGHT.page}">
<tr><td class="df-outer" align="center" style="padding:24px 12px">
<!--[if mso]><table role="presentation" width="600" cellpadding="0" cellspacing="0" border="0"><tr><td><![endif]-->
<table role="presentation" class="df-card" width="100%" cellpadding="0" cellspacing="0" border="0" style="max-width:600px;background-color:${LIGHT.card};border-radius:8px">
<tr><td class="df-inner" style="padding:24px 24px 8px 24px">
${body}
</td></tr>
</table>
<!--[if mso]></td></tr></table><![endif]-->
</td></tr>
</table>
</div>
</body>
</html>`;
}

const paragraph = (html: string, extra = "") =>
  `<p class="df-text" style="margin:0 0 16px 0;font-size:16px;line-height:24px;color:${LIGHT.text};${extra}">${html}</p>`;
const mutedParagraph = (html: string) =>
  `<p class="df-muted" style="margin:0 0 12px 0;font-size:14px;line-height:20px;color:${LIGHT.muted}">${html}</p>`;
const link = (href: string, html: string) =>
  `<a class="df-link" href="${escapeHtml(href)}" style="color:${LIGHT.link};text-decoration:underline">${html}</a>`;

function codeChips(item: ReportItem): string {
  return codesOf(item)
    .map(
      (code) =>
        `<span class="df-code" style="display:inline-block;margin:0 6px 6px 0;padding:4px 8px;border:1px dashed ${LIGHT.codeBorder};border-radius:4px;background-color:${LIGHT.codeBackground};color:${LIGHT.codeText};font-family:Menlo,Consolas,'Courier New',monospace;font-size:15px;font-weight:bold;letter-spacing:1px">${escapeHtml(code)}</span>`,
    )
    .join("");
}

function dealRow(item: ReportItem, links: EmailLinks, showBrand = true): string {
  const ends = endsLabel(item);
  const urgent = item.daysLeft !== null && item.daysLeft <= 1;
  const details = [
    item.discount ? htmlLine(item.discount, MAX.discount) : null,
    ends ? `<span class="${urgent ? "df-urgent" : "df-muted"}" style="color:${urgent ? LIGHT.urgent : LIGHT.muted}${urgent ? ";font-weight:bold" : ""}">${escapeHtml(ends)}</span>` : null,
    escapeHtml(categoryText(item.category, item.evidence)),
  ].filter((detail): detail is string => detail !== null);
  const codes = codeChips(item);
  const brand = showBrand
    ? `<p class="df-muted" style="margin:0 0 2px 0;font-size:13px;line-height:18px;color:${LIGHT.muted};text-transform:uppercase;letter-spacing:1px">${htmlLine(item.brand, MAX.brand)}</p>\n`
    : "";
  return `<tr><td class="df-rule" style="padding:12px 0;border-top:1px solid ${LIGHT.rule}">
${brand}<p class="df-text" style="margin:0 0 6px 0;font-size:16px;line-height:22px;font-weight:bold;color:${LIGHT.text}">${link(absolute(links, item.dashboardPath), htmlLine(item.title, MAX.title))}</p>
${codes ? `<p style="margin:0 0 2px 0">${codes}</p>` : ""}
<p class="df-muted" style="margin:0;font-size:14px;line-height:20px;color:${LIGHT.muted}">${details.join(" · ")}</p>
</td></tr>`;
}

const sectionHeading = (text: string) =>
  `<h2 class="df-text" style="margin:24px 0 8px 0;font-size:18px;line-height:24px;color:${LIGHT.text}">${escapeHtml(text)}</h2>`;

const dealTable = (items: readonly ReportItem[], links: EmailLinks, showBrand = true) =>
  `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0">
${items.map((item) => dealRow(item, links, showBrand)).join("\n")}
</table>`;

const moreText = (more: number) => `And ${countOf(more, "more deal")} on your dashboard`;

function picksHtml(report: Report, links: EmailLinks): string {
  return report.picks.length === 0 ? "" : `${sectionHeading(PICKS_HEADING)}\n${dealTable(report.picks, links)}`;
}

/** The rest under a heading per brand, whose rows then leave the brand out. */
function brandsHtml(report: Report, links: EmailLinks): string {
  if (report.brands.length === 0) return "";
  const groups = report.brands.map(
    (group: BrandGroup) =>
      `<h3 class="df-text" style="margin:16px 0 4px 0;font-size:16px;line-height:22px;color:${LIGHT.text}">${htmlLine(group.brand, MAX.brand)}</h3>
${dealTable(group.items, links, false)}`,
  );
  const more = report.more > 0 ? mutedParagraph(link(absolute(links, "/dashboard"), moreText(report.more))) : "";
  return [sectionHeading(REST_HEADING), ...groups, more].join("\n");
}

/** A "bulletproof" button: a table cell holds the colour, so Outlook's Word engine shows it as a button too. */
function buttonHtml(href: string, text: string): string {
  return `<table role="presentation" cellpadding="0" cellspacing="0" border="0" style="margin:24px 0 16px 0">
<tr><td align="center" bgcolor="${LIGHT.button}" style="border-radius:6px;background-color:${LIGHT.button}">
<a href="${escapeHtml(href)}" style="display:inline-block;padding:12px 24px;border-radius:6px;background-color:${LIGHT.button};color:${LIGHT.buttonText};font-size:16px;line-height:20px;font-weight:bold;text-decoration:none;${FONT}">${escapeHtml(text)}</a>
</td></tr>
</table>`;
}

function totalsHtml(report: Report): string {
  const rows = report.totals
    .map(
      ({ category, count }) =>
        `<tr><th scope="row" class="df-text df-rule" style="padding:6px 0;border-top:1px solid ${LIGHT.rule};text-align:left;font-weight:normal;font-size:15px;color:${LIGHT.text}">${escapeHtml(category)}</th><td class="df-text df-rule" style="padding:6px 0;border-top:1px solid ${LIGHT.rule};text-align:right;font-size:15px;color:${LIGHT.text}">${count}</td></tr>`,
    )
    .join("\n");
  return `<h2 class="df-text" style="margin:24px 0 8px 0;font-size:18px;line-height:24px;color:${LIGHT.text}">By category</h2>
<table width="100%" cellpadding="0" cellspacing="0" border="0" style="border-collapse:collapse">
<thead><tr><th scope="col" class="df-muted" style="padding:0 0 6px 0;text-align:left;font-size:13px;color:${LIGHT.muted}">Category</th><th scope="col" class="df-muted" style="padding:0 0 6px 0;text-align:right;font-size:13px;color:${LIGHT.muted}">Deals</th></tr></thead>
<tbody>
${rows}
</tbody>
</table>`;
}

/** What the person said their used deals saved: the dashboard's "Saved this month / this year", as a sentence. */
function savedHtml(report: Report): string {
  const sentence = savedSentence(report.saved);
  return sentence ? paragraph(escapeHtml(sentence), "font-weight:bold") : "";
}

function footerHtml(why: string, links: EmailLinks): string {
  return `<div class="df-rule" style="margin-top:24px;padding-top:16px;border-top:1px solid ${LIGHT.rule}">
${mutedParagraph(`${escapeHtml(why)} ${link(settingsUrl(links), "Settings")} has the switches, the day and hour, and which brands are included.`)}
${mutedParagraph(`${link(links.unsubscribeUrl, "Unsubscribe")} with one click, no sign-in needed. Deal Finder reads your Promotions read-only and never shares your email.`)}
</div>`;
}

function heading(text: string): string {
  return `<p class="df-muted" style="margin:0 0 4px 0;font-size:13px;line-height:18px;color:${LIGHT.muted};font-weight:bold;letter-spacing:1px;text-transform:uppercase">Deal Finder</p>
<h1 class="df-text" style="margin:0 0 12px 0;font-size:24px;line-height:30px;color:${LIGHT.text}">${escapeHtml(text)}</h1>`;
}

function itemText(item: ReportItem, links: EmailLinks): string {
  const codes = codesOf(item);
  const ends = endsLabel(item);
  return [
    `- ${cleanLine(item.brand, MAX.brand)}: ${cleanLine(item.title, MAX.title)}`,
    codes.length > 0 ? `  Code${codes.length > 1 ? "s" : ""}: ${codes.join(", ")}` : null,
    [item.discount ? cleanLine(item.discount, MAX.discount) : null, ends, categoryText(item.category, item.evidence)].filter(Boolean).join(" · ").replace(/^/, "  "),
    `  ${absolute(links, item.dashboardPath)}`,
  ]
    .filter((line): line is string => line !== null)
    .join("\n");
}

function picksText(report: Report, links: EmailLinks): string[] {
  if (report.picks.length === 0) return [];
  return [PICKS_HEADING.toUpperCase(), "", ...report.picks.map((item) => `${itemText(item, links)}\n`)];
}

function brandsText(report: Report, links: EmailLinks): string[] {
  if (report.brands.length === 0) return [];
  const more = report.more > 0 ? [`${moreText(report.more)}: ${absolute(links, "/dashboard")}`, ""] : [];
  return [
    REST_HEADING.toUpperCase(),
    "",
    ...report.brands.flatMap((group) => [`${cleanLine(group.brand, MAX.brand)}`, ...group.items.map((item) => `${itemText(item, links)}\n`)]),
    ...more,
  ];
}

function footerText(why: string, links: EmailLinks): string[] {
  return [
    "--",
    `${why} Settings has the switches, the day and hour, and which brands are included: ${settingsUrl(links)}`,
    `Unsubscribe with one click, no sign-in needed: ${links.unsubscribeUrl}`,
  ];
}

const WEEKLY_WHY = "You get this because the weekly report is on.";
const REMINDER_WHY = "You get this because you asked to be reminded of this deal.";
const ALERT_WHY = "You get this because of your deal alerts: at most one email a day.";

export class HtmlReportEmails implements ReportEmails {
  weeklyReport(report: Report, links: EmailLinks): RenderedEmail {
    const subject = weeklySubject(report);
    const summary = summaryOf(report);
    const html = emailDocument(
      subject,
      summary,
      [
        heading("Your deals this week"),
        paragraph(`${escapeHtml(summary)}.`),
        savedHtml(report),
        picksHtml(report, links),
        buttonHtml(absolute(links, "/dashboard"), DASHBOARD_BUTTON),
        brandsHtml(report, links),
        totalsHtml(report),
        footerHtml(WEEKLY_WHY, links),
      ].join("\n"),
    );
    const text = [
      "YOUR DEALS THIS WEEK",
      "",
      `${summary}.`,
      "",
      ...(savedSentence(report.saved) ? [savedSentence(report.saved)!, ""] : []),
      ...picksText(report, links),
      `${DASHBOARD_BUTTON}: ${absolute(links, "/dashboard")}`,
      "",
      ...brandsText(report, links),
      "BY CATEGORY",
      "",
      ...report.totals.map(({ category, count }) => `${category}: ${count}`),
      "",
      ...footerText(WEEKLY_WHY, links),
    ].join("\n");
    return { subject, html, text, headers: unsubscribeHeaders(links) };
  }

  reminder(reminder: Reminder, links: EmailLinks): RenderedEmail {
    const { item } = reminder;
    const brand = cleanLine(item.brand, MAX.brand);
    const [code] = codesOf(item);
    const when = whenItEnds(item.daysLeft);
    const subject = code ? `Your ${brand} code ${code} ends ${when}` : `Your ${brand} deal ends ${when}`;
    const intro = `You starred this deal. It ends ${when}, so now is the time to use it.`;
    const html = emailDocument(
      subject,
      intro,
      [
        heading(`Ends ${when}: ${brand}`),
        paragraph(escapeHtml(intro)),
        `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0">${dealRow(item, links)}</table>`,
        paragraph(link(absolute(links, item.dashboardPath), "Open it on your dashboard"), "margin-top:16px;font-weight:bold"),
        footerHtml(REMINDER_WHY, links),
      ].join("\n"),
    );
    const text = [`ENDS ${when.toUpperCase()}: ${brand}`, "", intro, "", itemText(item, links), "", ...footerText(REMINDER_WHY, links)].join("\n");
    return { subject, html, text, headers: unsubscribeHeaders(links) };
  }

  dealAlert(alert: Alert, links: EmailLinks): RenderedEmail {
    const [first] = alert.items;
    const count = alert.items.length + alert.more;
    const subject =
      count === 1 && first
        ? `Deal alert: ${cleanLine(first.brand, MAX.brand)}, ${cleanLine(first.discount ?? first.title, MAX.discount)}`
        : `Deal alert: ${countOf(count, "new deal")} you asked for`;
    const intro = `${countOf(count, "new deal matches", "new deals match")} your alerts.`;
    const more = alert.more > 0 ? [`${moreText(alert.more)}: ${absolute(links, "/dashboard")}`, ""] : [];
    const html = emailDocument(
      subject,
      intro,
      [
        heading("Your deal alert"),
        paragraph(escapeHtml(intro)),
        dealTable(alert.items, links),
        alert.more > 0 ? mutedParagraph(link(absolute(links, "/dashboard"), escapeHtml(moreText(alert.more)))) : "",
        footerHtml(ALERT_WHY, links),
      ].join("\n"),
    );
    const text = ["YOUR DEAL ALERT", "", intro, "", ...alert.items.map((item) => `${itemText(item, links)}\n`), ...more, ...footerText(ALERT_WHY, links)].join("\n");
    return { subject, html, text, headers: unsubscribeHeaders(links) };
  }
}
