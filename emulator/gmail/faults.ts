export type FaultStatus = 429 | 500 | 503;

export interface FaultSettings {
  /** Share of Gmail API calls that fail, 0..1. */
  rate: number;
  /** Statuses to fail with, picked in turn at random; defaults to [500]. */
  statuses?: FaultStatus[];
  /** Makes the sequence of failures repeatable. */
  seed?: number;
  /** Milliseconds every Gmail API call waits before it answers, so a test can watch a sync in progress. */
  latencyMs?: number;
}

const ALLOWED_STATUSES: readonly FaultStatus[] = [429, 500, 503];
const MAX_LATENCY_MS = 10_000;

/** mulberry32: a tiny seeded generator, so a seeded fault run fails the same calls every time. */
function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export function validateFaultSettings(value: unknown): FaultSettings | string {
  if (typeof value !== "object" || value === null) return "The body must be a JSON object.";
  const { rate, statuses, seed, latencyMs } = value as Record<string, unknown>;
  if (typeof rate !== "number" || !(rate >= 0 && rate <= 1)) return "rate must be a number from 0 to 1.";
  if (statuses !== undefined && (!Array.isArray(statuses) || statuses.length === 0 || !statuses.every((status) => ALLOWED_STATUSES.includes(status)))) {
    return "statuses must be a non-empty array of 429, 500 and 503.";
  }
  if (seed !== undefined && (typeof seed !== "number" || !Number.isFinite(seed))) return "seed must be a number.";
  if (latencyMs !== undefined && (typeof latencyMs !== "number" || !Number.isInteger(latencyMs) || latencyMs < 0 || latencyMs > MAX_LATENCY_MS)) {
    return `latencyMs must be a whole number from 0 to ${MAX_LATENCY_MS}.`;
  }
  return {
    rate,
    ...(statuses ? { statuses: statuses as FaultStatus[] } : {}),
    ...(seed !== undefined ? { seed } : {}),
    ...(latencyMs !== undefined ? { latencyMs } : {}),
  };
}

/** Decides which Gmail API calls fail on purpose, so clients can be tested against Google's transient errors. */
export class FaultInjector {
  private settings: FaultSettings = { rate: 0 };
  private random: () => number = Math.random;

  configure(settings: FaultSettings): void {
    this.settings = settings;
    this.random = settings.seed === undefined ? Math.random : seededRandom(settings.seed);
  }

  current(): FaultSettings {
    return this.settings;
  }

  /** How long a call waits before it answers. */
  latencyMs(): number {
    return this.settings.latencyMs ?? 0;
  }

  /** The status this call should fail with, or null to let it through. */
  next(): FaultStatus | null {
    if (this.settings.rate <= 0) return null;
    if (this.random() >= this.settings.rate) return null;
    const statuses = this.settings.statuses ?? [500];
    return statuses[Math.floor(this.random() * statuses.length)] ?? 500;
  }
}
