// The figures every bench prints the same way: medians, nearest-rank percentiles, milliseconds, megabytes, and
// the verdict against a target.

export const ms = (n) => `${Math.round(n)} ms`;
export const mb = (bytes) => (bytes === null ? 'n/a' : `${Math.round(bytes / 1024 / 1024)} MB`);

export const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};

/** Nearest rank: the smallest value at or above p% of the samples. */
export const percentile = (xs, p) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.ceil((p / 100) * xs.length) - 1)];

export const verdict = (value, target) => (value <= target ? 'ok' : 'OVER TARGET');
