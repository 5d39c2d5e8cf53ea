/** The benches' figures. */

/** The p-th percentile (nearest rank) of ascending `sorted`; NaN when empty. */
export function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return NaN;
  const i = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[i];
}

/** Milliseconds with one decimal ('NaN' when there is no figure). */
export const fmtMs = (ms: number): string => (Number.isFinite(ms) ? ms.toFixed(1) : 'NaN');
