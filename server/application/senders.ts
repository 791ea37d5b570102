import { emailsPerWeek } from "../../src/domain/dealDetail";
import { unsubscribeWay, type UnsubscribeWay } from "../../src/domain/unsubscribe";
import type { Clock } from "./ports";
import type { SenderSelection, SendersRepository, StoredSender } from "./repositories";

/** Why a one-click POST did not unsubscribe; none of them sent anything the sender could act on but the POST itself. */
export type OneClickRefusal =
  /** The URL's host is, or resolves to, an address that is not public: nothing was sent. */
  | "address_refused"
  /** Not https (and not an allowed emulator host): nothing was sent. */
  | "not_https"
  | "timeout"
  | "unreachable"
  /** The sender answered with a redirect (never followed) or an error status. */
  | "sender_refused";

export type OneClickOutcome = { ok: true } | { ok: false; refusal: OneClickRefusal };

/** Makes the RFC 8058 POST to a sender's URL: only public addresses, no cookies, nothing but the body it requires. */
export interface OneClickUnsubscriber {
  /** Hosts let through without the address rule, and over plain HTTP: the emulator of demo mode and tests. */
  readonly allowedHosts: readonly string[];
  post(url: URL): Promise<OneClickOutcome>;
}

/** A sender as the person sees it: the figures, and how to leave its list (the one-click URL stays on the server). */
export interface SenderView {
  id: string;
  /** Null for a sender whose mail never gave a deal: it has no brand page. */
  brandId: string | null;
  name: string;
  domain: string;
  mails: number;
  mailsPerWeek: number;
  dealsFound: number;
  dealsUsed: number;
  saved: Array<{ currency: string; hundredths: number }>;
  unsubscribe: { kind: "one-click" } | { kind: "mailto" | "web"; url: string } | null;
  unsubscribedAt: Date | null;
}

export type UnsubscribeOutcome =
  | { kind: "unsubscribed"; sender: SenderView }
  | { kind: "no_such_sender" }
  | { kind: "no_one_click" }
  /** Another press's request to the sender is under way. */
  | { kind: "in_progress" }
  | { kind: "refused"; refusal: OneClickRefusal };

/** Longer than any one-click request may take (the adapter's own deadline is 5 s): a claim this old has died. */
const CLAIM_MS = 60_000;

/** "Your senders" (docs/product.md, "Senders that pay off"): which senders pay off, and leaving their lists. */
export class SendersService {
  constructor(
    private readonly repository: SendersRepository,
    private readonly unsubscriber: OneClickUnsubscriber,
    private readonly clock: Clock,
  ) {}

  /** Every sender the person's synced promotions came from, deals or not. */
  async list(userId: string): Promise<SenderView[]> {
    return this.viewed(userId, { all: true });
  }

  /** The sender of one of the person's brands (its page's card), or null when the person has no such brand. */
  async ofBrand(userId: string, brandId: string): Promise<SenderView | null> {
    return (await this.viewed(userId, { brandId }))[0] ?? null;
  }

  /**
   * Leaves the sender's list with its one-click URL. Once recorded it is not sent again: a second press (or a second
   * tab) answers the recorded unsubscription.
   */
  async unsubscribe(userId: string, senderId: string): Promise<UnsubscribeOutcome> {
    const [sender] = await this.repository.senders(userId, { senderId });
    if (!sender) return { kind: "no_such_sender" };
    const done = async () => ({ kind: "unsubscribed" as const, sender: (await this.viewed(userId, { senderId }))[0]! });
    if (sender.unsubscribedAt) return done();
    const way = this.way(sender);
    if (way?.kind !== "one-click") return { kind: "no_one_click" };
    const now = this.clock.now();
    if (!(await this.repository.claimUnsubscribe(userId, senderId, now, new Date(now.getTime() - CLAIM_MS)))) {
      // Finished by the other press in the meantime, or still under way.
      return (await this.repository.senders(userId, { senderId }))[0]?.unsubscribedAt ? done() : { kind: "in_progress" };
    }
    const outcome = await this.unsubscriber.post(new URL(way.url));
    if (!outcome.ok) {
      await this.repository.releaseUnsubscribe(userId, senderId);
      return { kind: "refused", refusal: outcome.refusal };
    }
    await this.repository.markUnsubscribed(userId, senderId, this.clock.now());
    return done();
  }

  private async viewed(userId: string, selection: SenderSelection): Promise<SenderView[]> {
    const [senders, window] = await Promise.all([this.repository.senders(userId, selection), this.repository.syncedWindow(userId)]);
    return senders.map((sender) => this.view(sender, window));
  }

  private way(sender: StoredSender): UnsubscribeWay {
    return unsubscribeWay({ listUnsubscribe: sender.listUnsubscribe, listUnsubscribePost: sender.listUnsubscribePost }, this.unsubscriber.allowedHosts);
  }

  private view(sender: StoredSender, window: { from: Date | null; to: Date | null }): SenderView {
    const way = this.way(sender);
    return {
      id: sender.id,
      brandId: sender.brandId,
      name: sender.name,
      domain: sender.domain,
      mails: sender.mails,
      mailsPerWeek: emailsPerWeek(sender.mails, window.from, window.to),
      dealsFound: sender.dealsFound,
      dealsUsed: sender.dealsUsed,
      saved: sender.saved,
      unsubscribe: way === null ? null : way.kind === "one-click" ? { kind: "one-click" } : way,
      unsubscribedAt: sender.unsubscribedAt,
    };
  }
}
