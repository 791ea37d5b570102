import type { Clock } from "../ports";
import type { DataVersions } from "../dataVersions";
import type { JobQueue } from "../jobs/jobQueue";
import { errorLogRecord } from "../errorLogRecord";
import { LOGO_CHECK_JOBS, type LogoCheckJobData } from "./logoCheckJobs";

/** A brand's logo address waiting for its check. */
export interface PendingLogo {
  brandId: string;
  url: string;
}

/** A check's outcome: null when the logo loaded, else why not (the image proxy's refusal). */
export interface LogoCheckResult extends PendingLogo {
  refusal: string | null;
  /** For a failure: until when a mail naming the same address again neither brings it back nor has it checked. */
  retryAfter: Date | null;
}

/** Where the logos' states are kept (migration 026). */
export interface LogoChecksRepository {
  /** Up to `limit` logos not checked yet, one person's (or anyone's when null), oldest brand first. */
  unchecked(userId: string | null, limit: number): Promise<PendingLogo[]>;
  /**
   * Records outcomes, each only on a brand that still keeps that address unchecked (a later mail may have replaced it
   * meanwhile); a failure is also remembered among the brand's failed addresses. Answers the people whose logo became ok.
   */
  record(results: readonly LogoCheckResult[], at: Date): Promise<string[]>;
}

/** Judges an address as the image proxy would serve it as a logo: through its guarded fetch and its logo rules. */
export interface LogoJudge {
  judgeLogo(url: URL): Promise<{ ok: true } | { ok: false; refusal: string }>;
}

export interface LogoCheckLimits {
  /** Checks in one run of a person's job (after a sync stored a group of mail). */
  perPersonRun: number;
  /** Checks in one run of the sweep, everyone's together. */
  perSweep: number;
  /** Checks under way at once in one run. */
  concurrency: number;
}

export const DEFAULT_LOGO_CHECK_LIMITS: LogoCheckLimits = { perPersonRun: 20, perSweep: 60, concurrency: 4 };

/** The longest address checked: the extractor's and the proxy's cap. */
const MAX_LOGO_URL_LENGTH = 2048;
const HOUR_MS = 60 * 60 * 1000;
/** A host that did not answer may be down for a moment: the address is worth another try a day later. */
const TRANSIENT_RETRY_MS = 24 * HOUR_MS;
/** An answer that was no logo (a 404, a page, an SVG, a strip) will most likely be the same for a month. */
const LASTING_RETRY_MS = 30 * 24 * HOUR_MS;
const TRANSIENT_REFUSALS = new Set(["unreachable", "timeout"]);

/**
 * Checks each brand's newly kept logo once, before any client is offered it (docs/product.md, "Brand logos"): fetched
 * through the image proxy's guarded fetch and judged by its logo rules, then kept as ok or failed. A logo that fails
 * is never offered, so a card shows its brand's monogram without requesting an address that answers 404. Until its
 * check the logo is not offered either: that is a few seconds after the sync stored it, and it keeps the dashboard from
 * ever pointing at an address that does not load.
 */
export class BrandLogoChecks {
  constructor(
    private readonly repository: LogoChecksRepository,
    private readonly judge: LogoJudge,
    private readonly dataVersions: DataVersions,
    private readonly queue: JobQueue,
    private readonly clock: Clock,
    private readonly log: (message: string, detail?: unknown) => void = () => {},
    private readonly limits: LogoCheckLimits = DEFAULT_LOGO_CHECK_LIMITS,
  ) {}

  /** A sync stored a group of this person's mail: queues their check (one waits at most, however many groups). */
  afterStore(userId: string): Promise<void> {
    return this.queuePerson(userId, "after a sync");
  }

  /**
   * One person's job: checks up to perPersonRun of their unchecked logos; answers how many were checked. A run that
   * reached its cap may have left some behind (a first sync stores dozens of brands): the person's next run is queued at
   * once, so their logos are offered seconds after the sync rather than at the next sweep.
   */
  async checkPerson(userId: string): Promise<number> {
    const checked = await this.checkSome(userId, this.limits.perPersonRun);
    if (checked >= this.limits.perPersonRun) await this.queuePerson(userId, "after a run that reached its cap");
    return checked;
  }

  /** Queues one person's check; a failure is logged, never thrown: the sweep finds the logos anyway. */
  private async queuePerson(userId: string, when: string): Promise<void> {
    try {
      await this.queue.send(LOGO_CHECK_JOBS.checkLogos, { userId } satisfies LogoCheckJobData, { key: userId });
    } catch (error) {
      this.log(`The brand logos' check could not be queued ${when}`, errorLogRecord(error));
    }
  }

  /** The sweep: logos left unchecked (kept before migration 026, or past a run's cap), anyone's. */
  sweep(): Promise<number> {
    return this.checkSome(null, this.limits.perSweep);
  }

  private async checkSome(userId: string | null, limit: number): Promise<number> {
    const pending = await this.repository.unchecked(userId, limit);
    if (pending.length === 0) return 0;
    // Brands that share an address (one sender's several domains) share its one check.
    const byUrl = new Map<string, string[]>();
    for (const { brandId, url } of pending) byUrl.set(url, [...(byUrl.get(url) ?? []), brandId]);
    const urls = [...byUrl.keys()];
    const results: LogoCheckResult[] = [];
    let next = 0;
    const worker = async () => {
      while (next < urls.length) {
        const url = urls[next++]!;
        const refusal = await this.refusalOf(url);
        const retryAfter = refusal === null ? null : new Date(this.clock.now().getTime() + (TRANSIENT_REFUSALS.has(refusal) ? TRANSIENT_RETRY_MS : LASTING_RETRY_MS));
        for (const brandId of byUrl.get(url)!) results.push({ brandId, url, refusal, retryAfter });
      }
    };
    await Promise.all(Array.from({ length: Math.min(this.limits.concurrency, urls.length) }, worker));
    const shown = await this.repository.record(results, this.clock.now());
    // A logo that loads changes what the dashboard shows: its cached answers are dropped.
    for (const person of shown) await this.dataVersions.bump(person);
    return results.length;
  }

  /**
   * Null when the address loads as a logo; else the proxy's refusal. An address no request may go to (not a web
   * address, a private or local one, plain http to a host not allowed) is refused by the proxy's fetch unsent.
   */
  private async refusalOf(address: string): Promise<string | null> {
    if (address.length > MAX_LOGO_URL_LENGTH || !URL.canParse(address)) return "address_refused";
    try {
      const answer = await this.judge.judgeLogo(new URL(address));
      return answer.ok ? null : answer.refusal;
    } catch (error) {
      this.log("A brand logo's check failed", errorLogRecord(error));
      return "unreachable";
    }
  }
}
