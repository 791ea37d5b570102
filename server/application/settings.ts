import type { GmailLabel } from "../../src/domain/brand";
import { errorLogRecord } from "./errorLogRecord";
import { GmailApiError } from "./ports";
import { GmailNotConnectedError, type GmailConnection } from "./gmail/gmailConnection";
import type { GmailLabelsService } from "./gmail/gmailLabels";
import type { BrandRecord, BrandsRepository, PreferenceChanges, Preferences, PreferencesRepository, SyncRepository, UserRecord, UsersRepository } from "./repositories";

/** Everything the settings page shows at once. */
export interface SettingsOverview {
  user: UserRecord;
  brands: BrandRecord[];
  gmailLabels: GmailLabel[];
  /** The Google account whose Gmail is connected, or null. */
  linkedAccount: string | null;
  lastSyncAt: Date | null;
}

/** A person's settings: the overview the settings page shows, and their preferences. */
export class SettingsService {
  constructor(
    private readonly users: UsersRepository,
    private readonly brands: BrandsRepository,
    private readonly labels: GmailLabelsService,
    private readonly connection: GmailConnection,
    private readonly syncState: SyncRepository,
    private readonly preferencesStore: PreferencesRepository,
    private readonly log: (message: string, detail?: unknown) => void = () => {},
  ) {}

  /** The overview, or null when the account is gone. */
  async overview(userId: string): Promise<SettingsOverview | null> {
    const user = await this.users.findById(userId);
    if (!user) return null;
    // Labels first: asking Gmail is how a grant withdrawn at Google is found, and then it no longer counts as linked.
    const gmailLabels = await this.labelsIfAvailable(userId);
    const [brands, linkedAccount, state] = await Promise.all([this.brands.list(userId), this.connection.linkedAccount(userId), this.syncState.state(userId)]);
    return { user, brands, gmailLabels, linkedAccount, lastSyncAt: state.lastSyncAt };
  }

  preferences(userId: string): Promise<Preferences> {
    return this.preferencesStore.get(userId);
  }

  /** Stores what changed (fields left out keep their values); answers the preferences now stored. */
  savePreferences(userId: string, changes: PreferenceChanges): Promise<Preferences> {
    return this.preferencesStore.save(userId, changes);
  }

  /** Gmail labels, or none when Gmail cannot be asked right now: the rest of the settings still shows. */
  private async labelsIfAvailable(userId: string): Promise<GmailLabel[]> {
    try {
      return (await this.labels.labels(userId)) ?? [];
    } catch (error) {
      if (!(error instanceof GmailApiError || error instanceof GmailNotConnectedError)) throw error;
      this.log("Gmail labels unavailable for the settings", { userId, ...errorLogRecord(error) });
      return [];
    }
  }
}
