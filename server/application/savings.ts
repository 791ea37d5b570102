import { savedTotals, savingsCountFrom, type RecordedSaving, type SavedTotals } from "../../src/domain/savings";

/** Where a person's recorded savings are kept (deals.saved_*, migration 019). */
export interface SavingsRepository {
  /** The user's recorded savings said at or after `since`, oldest first. */
  savings(userId: string, since: Date): Promise<RecordedSaving[]>;
}

/**
 * "Saved this month / this year" for the dashboard and the weekly report alike: the savings of the person's year,
 * totalled by the domain's one definition (src/domain/savings.ts) on their day in their zone. Theirs alone.
 */
export class SavedTotalsReader {
  constructor(private readonly repository: SavingsRepository) {}

  async totals(userId: string, today: string, timeZone: string): Promise<SavedTotals> {
    return savedTotals(await this.repository.savings(userId, savingsCountFrom(today)), today, timeZone);
  }
}
