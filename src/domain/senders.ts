/**
 * "Your senders" (docs/product.md, "Senders that pay off"): per sender, how much mail it sends, what it gave (nothing,
 * for many) and what the person saved with it. Money is summed per currency and never converted: a total is one currency's.
 */

/** What one currency's savings add up to, in hundredths so that sums never round. */
export interface SavedAmount {
  currency: string;
  hundredths: number;
}

export interface SenderFigures {
  name: string;
  /** Mails a week over the synced window, one decimal (dealDetail.ts's emailsPerWeek, the brand page's rule). */
  mailsPerWeek: number;
  dealsFound: number;
  dealsUsed: number;
  /** One entry per currency, largest first. */
  saved: SavedAmount[];
}

export const SENDER_SORTS = ["saved", "mailsPerWeek", "dealsFound"] as const;
export type SenderSort = (typeof SENDER_SORTS)[number];

/**
 * The currency most of the list's savings are in (the one with the most senders, then alphabetical): "money saved"
 * sorts by it first, since amounts in two currencies cannot be compared.
 */
export function mainCurrency(senders: readonly Pick<SenderFigures, "saved">[]): string | null {
  const counts = new Map<string, number>();
  for (const sender of senders) for (const { currency } of sender.saved) counts.set(currency, (counts.get(currency) ?? 0) + 1);
  return [...counts].sort(([a, m], [b, n]) => n - m || a.localeCompare(b))[0]?.[0] ?? null;
}

const savedIn = (sender: Pick<SenderFigures, "saved">, currency: string) => sender.saved.find((amount) => amount.currency === currency)?.hundredths ?? 0;

/**
 * The list in the order asked, largest first. Money saved compares the main currency's amount, then the other
 * currencies' in alphabetical order, then deals used; every order ends on the sender's name, so it is stable.
 */
export function sortSenders<T extends SenderFigures>(senders: readonly T[], sort: SenderSort): T[] {
  const main = mainCurrency(senders);
  const currencies = [...new Set(senders.flatMap((sender) => sender.saved.map((amount) => amount.currency)))].sort((a, b) =>
    a === main ? -1 : b === main ? 1 : a.localeCompare(b),
  );
  const byName = (a: T, b: T) => a.name.localeCompare(b.name);
  const compare: Record<SenderSort, (a: T, b: T) => number> = {
    saved: (a, b) => {
      for (const currency of currencies) {
        const difference = savedIn(b, currency) - savedIn(a, currency);
        if (difference !== 0) return difference;
      }
      return b.dealsUsed - a.dealsUsed;
    },
    mailsPerWeek: (a, b) => b.mailsPerWeek - a.mailsPerWeek,
    dealsFound: (a, b) => b.dealsFound - a.dealsFound,
  };
  return [...senders].sort((a, b) => compare[sort](a, b) || byName(a, b));
}

/** "$12.50", "€3.00": one currency's amount as the person's locale writes it. */
export function formatSaved({ currency, hundredths }: SavedAmount, locale?: string): string {
  try {
    return new Intl.NumberFormat(locale, { style: "currency", currency }).format(hundredths / 100);
  } catch {
    return `${(hundredths / 100).toFixed(2)} ${currency}`;
  }
}
