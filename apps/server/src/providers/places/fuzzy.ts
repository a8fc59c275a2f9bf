// Typo tolerance: edit distance (with adjacent transpositions) between a query and a key, computed
// only in the band of cells that can stay within maxEdits, and abandoned as soon as none can.

export interface FuzzyMatch {
  /** Edits between the query and the closest prefix of the key ("kyotto" vs "kyoto station": 1). */
  prefix: number;
  /** Edits between the query and the whole key, or Infinity when over the limit. */
  whole: number;
}

/**
 * Compares q with key[from, to) byte by byte; null when even the best key prefix needs more than
 * maxEdits. `rows` is scratch space of at least 3 * (q.length + 2) entries, reused across calls.
 */
export function fuzzyMatch(
  q: Uint8Array,
  key: Uint8Array,
  from: number,
  to: number,
  maxEdits: number,
  rows: Int32Array,
): FuzzyMatch | null {
  const m = q.length;
  const big = maxEdits + 1;
  const width = m + 2;
  const keyLen = Math.min(to - from, m + maxEdits);
  // Three rows (two back, previous, current); row j compares the first j key bytes.
  let prev2 = 0;
  let prev = width;
  let cur = 2 * width;
  for (let i = 0; i <= m + 1; i++) rows[prev + i] = i <= maxEdits ? i : big;
  let bestPrefix = m <= maxEdits ? m : big;
  let whole = to === from ? bestPrefix : big;
  for (let j = 1; j <= keyLen; j++) {
    const kj = key[from + j - 1]!;
    const lo = Math.max(1, j - maxEdits);
    const hi = Math.min(m, j + maxEdits);
    rows[cur + lo - 1] = lo === 1 ? (j <= maxEdits ? j : big) : big;
    let rowMin = big;
    for (let i = lo; i <= hi; i++) {
      let v = rows[prev + i - 1]! + (q[i - 1] === kj ? 0 : 1);
      const del = rows[prev + i]! + 1;
      if (del < v) v = del;
      const ins = rows[cur + i - 1]! + 1;
      if (ins < v) v = ins;
      if (i > 1 && j > 1 && q[i - 1] === key[from + j - 2] && q[i - 2] === kj) {
        const swap = rows[prev2 + i - 2]! + 1;
        if (swap < v) v = swap;
      }
      if (v > big) v = big;
      rows[cur + i] = v;
      if (v < rowMin) rowMin = v;
    }
    if (hi < m) rows[cur + hi + 1] = big;
    if (hi === m) {
      const last = rows[cur + m]!;
      if (last < bestPrefix) bestPrefix = last;
      if (j === to - from) whole = last;
    }
    if (rowMin > maxEdits) break;
    const t = prev2;
    prev2 = prev;
    prev = cur;
    cur = t;
  }
  if (bestPrefix > maxEdits) return null;
  return { prefix: bestPrefix, whole: whole <= maxEdits ? whole : Number.POSITIVE_INFINITY };
}
