import type { Deal, DealStatus } from "../../src/domain/deal";
import type { DealDetail } from "../../src/domain/dealDetail";
import type { Money } from "../../src/domain/money";
import type { RecordedSaving } from "../../src/domain/savings";
import type { DataVersions } from "./dataVersions";
import type { ImageLinks } from "./images/imageLinks";
import type { Clock } from "./ports";

/** A deal of one user with the stored headers of the email it came from. */
export interface StoredDealDetail {
  deal: Deal;
  gmailId: string;
  sender: string | null;
  subject: string | null;
  sentAt: Date | null;
}

export interface DealDetailsRepository {
  /** The user's deal with its email's headers; null when this user has no such deal. */
  detail(userId: string, dealId: string): Promise<StoredDealDetail | null>;
  /**
   * Sets the user's status of a deal and, with "used", the saving they recorded (none keeps the last; any other status
   * clears it); answers the saving now recorded, or null when this user has no such deal.
   */
  setStatus(userId: string, dealId: string, status: DealStatus | null, now: Date, saving: Money | null): Promise<{ saved: RecordedSaving | null } | null>;
}

/** What a status change stored: the status, and the saving recorded with it. */
export interface StoredStatus {
  status: DealStatus | null;
  saved: RecordedSaving | null;
}

/** Where a message opens: Gmail's own page of it, or in demo mode the Google emulator's view of it. */
export type MessageLink = (gmailId: string) => string;

/**
 * Images as signed paths of our image proxy, never the sender's URLs (the dashboard, a deal's detail, a brand's page):
 * the deal's own, and its brand's logo from its mail, signed as a logo; a barcode image too, and a
 * barcode image the proxy would not fetch is no barcode.
 */
export function withProxiedImages(deal: Deal, imageLinks: ImageLinks): Deal {
  const { barcode, ...rest } = deal;
  const proxiedBarcode = barcode?.kind === "image" ? imageLinks.proxyPath(barcode.url) : null;
  return {
    ...rest,
    imageUrls: deal.imageUrls.flatMap((url) => imageLinks.proxyPath(url) ?? []),
    brandLogoUrls: (deal.brandLogoUrls ?? []).flatMap((url) => imageLinks.logoPath(url) ?? []),
    ...(barcode?.kind === "digits" ? { barcode } : proxiedBarcode ? { barcode: { kind: "image", url: proxiedBarcode } } : {}),
  };
}

/** One deal's detail (where it came from) and its owner's status of it ("Used it", "Didn't work"). */
export class DealDetailsService {
  constructor(
    private readonly details: DealDetailsRepository,
    private readonly dataVersions: DataVersions,
    private readonly imageLinks: ImageLinks,
    private readonly messageLink: MessageLink,
    private readonly clock: Clock,
  ) {}

  /** The deal and its email, or null when the user has no such deal (another user's deal is no such deal). */
  async detail(userId: string, dealId: string): Promise<DealDetail | null> {
    const stored = await this.details.detail(userId, dealId);
    if (!stored) return null;
    return {
      deal: withProxiedImages(stored.deal, this.imageLinks),
      email: {
        sender: stored.sender,
        subject: stored.subject,
        sentAt: stored.sentAt?.toISOString() ?? null,
        url: this.messageLink(stored.gmailId),
      },
    };
  }

  /**
   * Stores the status, and with "used" the saving the person recorded (a saving with another status is the caller's
   * error to refuse); answers null when the user has no such deal. Both are the user's alone.
   */
  async setStatus(userId: string, dealId: string, status: DealStatus | null, saving: Money | null = null): Promise<StoredStatus | null> {
    const stored = await this.details.setStatus(userId, dealId, status, this.clock.now(), status === "used" ? saving : null);
    // The dashboard carries each deal's status and saving, and the totals: its cached answers are stale now.
    if (stored) await this.dataVersions.bump(userId);
    return stored && { status, saved: stored.saved };
  }

}

/** Gmail's link to a message in the signed-in person's mailbox. */
export const gmailMessageLink: MessageLink = (gmailId) => `https://mail.google.com/mail/u/0/#all/${encodeURIComponent(gmailId)}`;

/** The Google emulator's read-only page of a message (emulator/messageView.ts). */
export const emulatorMessageLink =
  (emulatorBaseUrl: string): MessageLink =>
  (gmailId) =>
    `${emulatorBaseUrl}/mail/messages/${encodeURIComponent(gmailId)}`;
