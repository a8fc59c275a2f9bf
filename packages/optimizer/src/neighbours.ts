import type { Model } from "./model";

/**
 * The k nearest places of each place by round-trip travel time, flat (`k` per place), -1 padded.
 * O(places^2 k) worst case, built once per solve; it drives the related (spatial) removal.
 */
export function nearestPlaces(model: Model, k: number): Int32Array {
  const n = model.places;
  const out = new Int32Array(n * k).fill(-1);
  const dist = new Float64Array(k);
  const L = model.locations;
  for (let i = 0; i < n; i++) {
    const li = model.loc[i]!;
    let size = 0;
    for (let j = 0; j < n; j++) {
      if (j === i) continue;
      const lj = model.loc[j]!;
      const d = model.travel[li * L + lj]! + model.travel[lj * L + li]!;
      if (size === k && d >= dist[k - 1]!) continue;
      // Insertion sort into the short sorted list.
      let p = size < k ? size++ : k - 1;
      while (p > 0 && dist[p - 1]! > d) {
        dist[p] = dist[p - 1]!;
        out[i * k + p] = out[i * k + p - 1]!;
        p--;
      }
      dist[p] = d;
      out[i * k + p] = j;
    }
  }
  return out;
}
