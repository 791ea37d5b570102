import type { CorrectionRequest, DealCorrection } from "../../src/domain/dealCorrection";
import type { DataVersions } from "./dataVersions";
import type { Clock } from "./ports";

export interface DealCorrectionsRepository {
  /** The deal's corrections and what its mail said; null when this user has no such deal (nor a deal they removed). */
  correction(userId: string, dealId: string): Promise<DealCorrection | null>;
  /** Stores the fields given (the others keep theirs) and shows them at once; null when this user has no such deal. */
  correct(userId: string, dealId: string, request: CorrectionRequest, now: Date): Promise<DealCorrection | null>;
  /** Forgets every correction of the deal and of its brand, back to what the mail said; null for no such deal. */
  undo(userId: string, dealId: string): Promise<DealCorrection | null>;
}

/**
 * A person's corrections of a deal (docs/product.md, "Corrections"): theirs alone, since deals and brands are rows of one
 * person. The storage shows them in the deal's own fields, so the dashboard, its counts, the detail, the emails and the
 * extension read them as they read any deal.
 */
export class DealCorrections {
  constructor(
    private readonly repository: DealCorrectionsRepository,
    private readonly dataVersions: DataVersions,
    private readonly clock: Clock,
  ) {}

  correction(userId: string, dealId: string): Promise<DealCorrection | null> {
    return this.repository.correction(userId, dealId);
  }

  async correct(userId: string, dealId: string, request: CorrectionRequest): Promise<DealCorrection | null> {
    const answer = await this.repository.correct(userId, dealId, request, this.clock.now());
    // The cached dashboards carry the deal's fields and counts: stale now.
    if (answer) await this.dataVersions.bump(userId);
    return answer;
  }

  async undo(userId: string, dealId: string): Promise<DealCorrection | null> {
    const answer = await this.repository.undo(userId, dealId);
    if (answer) await this.dataVersions.bump(userId);
    return answer;
  }
}
