/**
 * A multi-buy with a discount on its last item ("buy one, get one half off", "BOGO 40% off", "buy 2, get the third 30%
 * off") takes that discount off one item of several: spread over them all it is the share of the order saved (docs/
 * product.md, "Deal order"). percentsOff (percentOff.ts) reads it for every figure that counts a deal's percent off.
 */
const MULTI_BUY_OFF = /\b(?:buy (one|1|two|2|three|3),? get (?:one|1|the (?:second|third|fourth|next))|bogo)\s+(?:half[\s-](?:off|price)|(\d{1,2})\s?% off)/giu;
const COUNT_WORDS: Readonly<Record<string, number>> = { one: 1, two: 2, three: 3 };

/** The share of the order each multi-buy in a text saves, in percent, and the text without them. */
export function readMultiBuys(text: string): { savings: number[]; rest: string } {
  const savings: number[] = [];
  const rest = text.replace(MULTI_BUY_OFF, (_match, bought: string | undefined, percent: string | undefined) => {
    const paid = bought ? (COUNT_WORDS[bought.toLowerCase()] ?? Number(bought)) : 1;
    savings.push((percent ? Number(percent) : 50) / (paid + 1));
    return " ";
  });
  return { savings, rest };
}
