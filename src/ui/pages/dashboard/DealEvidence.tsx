import type { Deal } from "../../../domain/deal";
import { categoryText, endDateText, EVIDENCE_SOURCE_TEXT, evidenceLine, isGuess, type FieldEvidence } from "../../../domain/evidence";
import { badge, muted } from "../../components/primitives.css";
import * as styles from "./DealDetail.css";
import { cardEvidence } from "./DealEvidence.css";

/**
 * What a card says of its deal's end and of a guessed category, in the words of src/domain/evidence.ts
 * (docs/product.md, "Evidence"): "Ends Sun 29 Nov" only when the email states it, "Ends soon (no date given)" when
 * it only implies it, and a guessed category as "category: probably Fashion", never silently.
 */
export function CardEvidence({ deal }: { deal: Pick<Deal, "expirationDate" | "evidence" | "category"> }) {
  const ends = endDateText(deal);
  const guessedCategory = isGuess(deal.evidence?.category);
  if (!ends && !guessedCategory) return null;
  return (
    <p className={`${muted} ${cardEvidence}`}>
      {ends && <span>{ends}</span>}
      {guessedCategory && (
        <span className={badge} title={`Category ${EVIDENCE_SOURCE_TEXT[deal.evidence!.category!.kind]}`}>
          category: {categoryText(deal.category, deal.evidence)}
        </span>
      )}
    </p>
  );
}

/** The deal's Details: its category as every screen says it, and what each field (its end too) rests on. */
export function DetailEvidence({ deal }: { deal: Deal }) {
  const evidence = deal.evidence;
  const lines: Array<{ key: string; text: string; guess: boolean }> = [];
  const add = (key: string, field: Parameters<typeof evidenceLine>[0], found: FieldEvidence | null | undefined) => {
    if (found) lines.push({ key, text: evidenceLine(field, found), guess: isGuess(found) });
  };
  for (const code of evidence?.codes ?? []) add(`code-${code.code}`, "Code", code);
  add("end", "End date", evidence?.endDate);
  add("brand", "Brand", evidence?.brand);
  add("category", "Category", evidence?.category);
  return (
    <section className={styles.section} aria-labelledby="deal-detail-evidence">
      <h3 id="deal-detail-evidence" className={styles.sectionTitle}>
        What the email says
      </h3>
      {/* The end is said at the top of the Details; here only what it rests on. */}
      <dl className={styles.facts}>
        <dt>Category</dt>
        <dd>{categoryText(deal.category, evidence)}</dd>
      </dl>
      {lines.length > 0 ? (
        <ul className={styles.list}>
          {lines.map((line) => (
            <li key={line.key}>
              {line.text}
              {line.guess && (
                <>
                  {" "}
                  <span className={badge} aria-label="This is a guess">
                    guessed
                  </span>
                </>
              )}
            </li>
          ))}
        </ul>
      ) : (
        <p className={muted}>This deal was found before we kept where each detail came from.</p>
      )}
    </section>
  );
}
