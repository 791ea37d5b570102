import type { GmailSyncView } from "../../../application/machines/syncFollowerMachine";
import type { SettingsLoad } from "../../../application/machines/settingsMachine";
import type { SettingsData } from "../../../application/ports/settings";
import { SETTINGS_MESSAGES } from "../../../application/messages";
import type { Brand, GmailLabel } from "../../../domain/brand";

/** Sample settings for the stories: what a person with a connected Gmail and a few brands sees. */
export const SAMPLE_BRANDS: Brand[] = [
  { id: "b1", name: "Nike", domain: "nike.com", isActive: true },
  { id: "b2", name: "Adidas", domain: "news.adidas.com", isActive: false },
  { id: "b3", name: "Zalando", domain: "zalando.de", isActive: true },
  { id: "b4", name: "Brooks Running", domain: "brooksrunning.com", isActive: true },
  { id: "b5", name: "Copper & Cane", domain: "copperandcane.com", isActive: false },
  { id: "b6", name: "Etsy", domain: "etsy.com", isActive: true },
  { id: "b7", name: "Sephora", domain: "beauty.sephora.com", isActive: true },
  { id: "b8", name: "Uniqlo", domain: "uniqlo.com", isActive: true },
  { id: "b9", name: "Lush", domain: "lush.com", isActive: true },
  { id: "b10", name: "IKEA", domain: "ikea.com", isActive: true },
  { id: "b11", name: "Patagonia", domain: "patagonia.com", isActive: false },
  { id: "b12", name: "Decathlon", domain: "decathlon.fr", isActive: true },
];

export const SAMPLE_LABELS: GmailLabel[] = [
  { id: "CATEGORY_PROMOTIONS", name: "Promotions", isChecked: true, isCustom: false },
  { id: "INBOX", name: "Inbox", isChecked: false, isCustom: false },
  { id: "CATEGORY_UPDATES", name: "Updates", isChecked: false, isCustom: false },
  { id: "CATEGORY_SOCIAL", name: "Social", isChecked: false, isCustom: false },
  { id: "CATEGORY_FORUMS", name: "Forums", isChecked: false, isCustom: false },
  { id: "STARRED", name: "Starred", isChecked: false, isCustom: false },
  { id: "IMPORTANT", name: "Important", isChecked: false, isCustom: false },
  { id: "SENT", name: "Sent", isChecked: false, isCustom: false },
  { id: "Label_1", name: "Shopping", isChecked: true, isCustom: true },
  { id: "Label_2", name: "Receipts", isChecked: false, isCustom: true },
];

export const SAMPLE_SETTINGS: SettingsData = {
  brands: SAMPLE_BRANDS,
  gmailLabels: SAMPLE_LABELS,
  gmailConnected: true,
  lastSync: "2026-11-20T08:30:00.000Z",
  linkedAccount: "alice@example.com",
  user: { id: "u1", email: "alice@example.com", first_name: "Alice", last_name: null, gmail_connected: true },
};

export const READY: SettingsLoad = { kind: "ready", settings: SAMPLE_SETTINGS, refreshing: false };

export const NOT_CONNECTED: SettingsLoad = {
  kind: "ready",
  settings: { ...SAMPLE_SETTINGS, gmailConnected: false, linkedAccount: null, lastSync: null, gmailLabels: [], brands: [] },
  refreshing: false,
};

export const LOAD_FAILED: SettingsLoad = { kind: "error", message: SETTINGS_MESSAGES.loadFailedFallback };

export const IDLE_SYNC: GmailSyncView = { syncing: false, starting: false, disconnecting: false, notice: null, progress: null };

export const RUNNING_SYNC: GmailSyncView = {
  ...IDLE_SYNC,
  syncing: true,
  notice: { text: "Scanning 18 of 47 emails", outcome: "running" },
  progress: { processed: 18, total: 47 },
};

/** Story variants at a phone's width (Storybook's viewport toolbar). */
export const MOBILE = { globals: { viewport: { value: "mobile1", isRotated: false } } } as const;
