/** Median, p95, min and mean of a bench's samples (linear interpolation between ranks). */
function quantile(sorted: number[], q: number) {
  if (!sorted.length) return NaN;
  const pos = (sorted.length - 1) * q;
  const lo = Math.floor(pos);
  const hi = Math.ceil(pos);
  return sorted[lo] + (sorted[hi] - sorted[lo]) * (pos - lo);
}

export interface Stats {
  median: number;
  p95: number;
  min: number;
  mean: number;
}

export function stats(samples: number[]): Stats {
  const s = [...samples].sort((a, b) => a - b);
  return {
    median: quantile(s, 0.5),
    p95: quantile(s, 0.95),
    min: s[0],
    mean: s.reduce((a, b) => a + b, 0) / s.length,
  };
}
