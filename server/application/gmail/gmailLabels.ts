import type { GmailLabel } from "../../../src/domain/brand";
import type { GmailApi } from "../ports";
import type { SyncRepository } from "../repositories";
import { GmailNotConnectedError, type GmailConnection } from "./gmailConnection";

/** System labels worth monitoring, in the order shown, with the names Gmail shows people. */
const SYSTEM_LABELS: [string, string][] = [
  ["CATEGORY_PROMOTIONS", "Promotions"],
  ["INBOX", "Inbox"],
  ["CATEGORY_UPDATES", "Updates"],
  ["CATEGORY_SOCIAL", "Social"],
  ["CATEGORY_FORUMS", "Forums"],
  ["CATEGORY_PERSONAL", "Primary"],
  ["IMPORTANT", "Important"],
  ["STARRED", "Starred"],
];

export class UnknownLabelError extends Error {
  constructor(readonly labelIds: string[]) {
    super(`These labels are not in your Gmail: ${labelIds.join(", ")}.`);
    this.name = "UnknownLabelError";
  }
}

/** The person's Gmail labels and which of them are monitored for promotional email. */
export class GmailLabelsService {
  constructor(
    private readonly gmail: GmailApi,
    private readonly connection: GmailConnection,
    private readonly syncState: SyncRepository,
  ) {}

  /** The labels, or null when Gmail is not connected. */
  async labels(userId: string): Promise<GmailLabel[] | null> {
    if (!(await this.connection.linkedAccount(userId))) return null;
    const [available, state] = await Promise.all([
      this.connection.withAccessToken(userId, (accessToken) => this.gmail.listLabels(accessToken, userId)),
      this.syncState.state(userId),
    ]);
    const monitored = new Set(state.monitoredLabels);
    const byId = new Map(available.map((label) => [label.id, label]));
    const system = SYSTEM_LABELS.filter(([id]) => byId.has(id)).map(([id, name]) => ({ id, name, isChecked: monitored.has(id), isCustom: false }));
    const custom = available
      .filter((label) => label.type === "user")
      .sort((a, b) => a.name.localeCompare(b.name))
      .map((label) => ({ id: label.id, name: label.name, isChecked: monitored.has(label.id), isCustom: true }));
    return [...system, ...custom];
  }

  /** Sets the monitored labels. A changed set is listed in full by the next sync (known messages are not fetched again). */
  async setMonitored(userId: string, labelIds: string[]): Promise<GmailLabel[]> {
    const labels = await this.labels(userId);
    if (!labels) throw new GmailNotConnectedError();
    const unknown = labelIds.filter((id) => !labels.some((label) => label.id === id));
    if (unknown.length > 0) throw new UnknownLabelError(unknown);
    const wanted = [...new Set(labelIds)];
    const current = (await this.syncState.state(userId)).monitoredLabels;
    if (wanted.length !== current.length || wanted.some((id) => !current.includes(id))) {
      await this.syncState.setMonitoredLabels(userId, wanted);
    }
    return labels.map((label) => ({ ...label, isChecked: wanted.includes(label.id) }));
  }
}
