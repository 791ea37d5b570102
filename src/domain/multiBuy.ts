/**
 * A multi-buy takes its discount off some items of several: spread over them all, it is the share of the order saved
 * (docs/product.md, "Deal order"). percentsOff (percentOff.ts) reads it for every figure that counts a deal's percent
 * off. Two kinds, in the words the extractor writes them:
 * - a discount on the last item: "buy one, get one half off", "BOGO 40% off", "buy 2, get the third 30% off";
 * - free items: "buy one, get one free", "buy 2, get 1 free", "buy 2, get the third free".
 */
const MULTI_BUY_OFF = /\b(?:buy (one|1|two|2|three|3),? get (?:one|1|the (?:second|third|fourth|next))|bogo)\s+(?:half[\s-](?:off|price)|(\d{1,2})\s?% off)/giu;
const MULTI_BUY_FREE = /\bbuy (one|1|two|2|three|3|four|4),? get (one|1|two|2|the (?:second|third|fourth|fifth|next))(?: one)?(?: for)? free\b/giu;
const COUNT_WORDS: Readonly<Record<string, number>> = { one: 1, two: 2, three: 3, four: 4 };

/** How many a count says: "two" or "2"; "the third" names one item. */
const countOf = (written: string): number => {
  const count = written.toLowerCase();
  return count.startsWith("the ") ? 1 : (COUNT_WORDS[count] ?? Number(count));
};

/** The share of the order each multi-buy in a text saves, in percent, and the text without them. */
export function readMultiBuys(text: string): { savings: number[]; rest: string } {
  const savings: number[] = [];
  const discounted = text.replace(MULTI_BUY_OFF, (_match, bought: string | undefined, percent: string | undefined) => {
    const paid = bought ? countOf(bought) : 1;
    savings.push((percent ? Number(percent) : 50) / (paid + 1));
    return " ";
  });
  const rest = discounted.replace(MULTI_BUY_FREE, (_match, bought: string, free: string) => {
    const paid = countOf(bought);
    const given = countOf(free);
    savings.push((given / (paid + given)) * 100);
    return " ";
  });
  return { savings, rest };
}
