/** The value below which `share` of the sorted samples fall (nearest rank). */
export function percentile(sorted: readonly number[], share: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * share))]!;
}

export const median = (values: readonly number[]): number => percentile([...values].sort((a, b) => a - b), 0.5);
