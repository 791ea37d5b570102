/** The words that present a deal: its title and the sentence that states its benefit. */

/** The subject, else the markup's headline, else the discount. */
export function dealTitle(subject: string, markupHeadline: string | null | undefined, discount: string | null): string {
  return subject || markupHeadline || discount || "Offer";
}

/** The sentence that states the benefit: one naming the discount, else one naming a code, else the fallback. */
export function describeDeal(body: string, codes: readonly string[], discount: string | null, fallback: string): string {
  const lines = body.split("\n").filter((line) => line.length > 30);
  const amount = discount ? /\d[\d,]*/.exec(discount)?.[0] : undefined;
  const statesAmount = amount ? new RegExp(`(?:[$£€]\\s?${amount}\\b|\\b${amount}\\s?%)`) : null;
  const line =
    (statesAmount ? lines.find((candidate) => statesAmount.test(candidate)) : undefined) ??
    lines.find((candidate) => codes.some((code) => candidate.includes(code))) ??
    fallback;
  return line.length > 280 ? `${line.slice(0, 277)}...` : line;
}
