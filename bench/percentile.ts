/** The nearest-rank percentile `p` (0-100) of samples sorted ascending. */
export const percentile = (sorted: number[], p: number): number => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
