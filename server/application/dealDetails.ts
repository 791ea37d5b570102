import type { Deal, DealStatus } from "../../src/domain/deal";
import type { DealDetail } from "../../src/domain/dealDetail";
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
  /** Sets the user's status of a deal; answers false when this user has no such deal. */
  setStatus(userId: string, dealId: string, status: DealStatus | null, now: Date): Promise<boolean>;
}

/** Where a message opens: Gmail's own page of it, or in demo mode the Google emulator's view of it. */
export type MessageLink = (gmailId: string) => string;

/**
 * Images as signed paths of our image proxy, never the sender's URLs (as on the dashboard); a barcode image too, and a
 * barcode image the proxy would not fetch is no barcode.
 */
export function withProxiedImages(deal: Deal, imageLinks: ImageLinks): Deal {
  const { barcode, ...rest } = deal;
  const proxiedBarcode = barcode?.kind === "image" ? imageLinks.proxyPath(barcode.url) : null;
  return {
    ...rest,
    imageUrls: deal.imageUrls.flatMap((url) => imageLinks.proxyPath(url) ?? []),
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

  /** Stores the status; answers false when the user has no such deal. The status is the user's alone. */
  async setStatus(userId: string, dealId: string, status: DealStatus | null): Promise<boolean> {
    const changed = await this.details.setStatus(userId, dealId, status, this.clock.now());
    // The dashboard carries each deal's status: its cached answers are stale now.
    if (changed) await this.dataVersions.bump(userId);
    return changed;
  }
}

/** Gmail's link to a message in the signed-in person's mailbox. */
export const gmailMessageLink: MessageLink = (gmailId) => `https://mail.google.com/mail/u/0/#all/${encodeURIComponent(gmailId)}`;

/** The Google emulator's read-only page of a message (emulator/messageView.ts). */
export const emulatorMessageLink =
  (emulatorBaseUrl: string): MessageLink =>
  (gmailId) =>
    `${emulatorBaseUrl}/mail/messages/${encodeURIComponent(gmailId)}`;
