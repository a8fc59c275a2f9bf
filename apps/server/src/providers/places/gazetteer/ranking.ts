// How the offline search orders its results (decisions/0003; issue 12 item 9):
//
//   score = importance + match bonus - distance penalty
//
// importance: about log10 of the population (a town of 10,000 is 4, Kyoto 6.2, Seoul 7.3 with the
//   capital's +0.3); airports 3.8-6.3 by size; castles by fame; compiled sights 4.25-6.5 from their
//   curated 1-10.
// match bonus: how the query met a name (BONUS below), less 1.2 per typo.
// distance penalty:
//   - in a trip (its destination and places), from the NEAREST of its points:
//       2 x log10(1 + km / 10), at most 4.5
//     3 km 0.23 · 10 km 0.6 · 40 km 1.4 · 100 km 2.1 · 700 km 3.7 · 3,000 km and more 4.5.
//     So a sight 3 km from the trip beats a same-named town 700 km away by about 3.5, while the cap
//     keeps a far place the query names exactly (Seoul in a Kyoto trip: 7.3 + 3 - 4.5) above a weak
//     near match (a village's prefix: 3.5 + 1.5).
//   - with only `near` (the departure, when choosing a destination), a soft bias:
//       1.2 x log10(1 + km / 50)

export const BONUS = {
  exact: 3,
  exactWord: 2,
  prefix: 1.5,
  prefixWord: 1,
  /** Subtracted per typo, on top of the prefix/exact bonus. */
  perEdit: 1.2,
  /** All words found, in any order, in the name and address ("opera sydney"). */
  allWords: 0.8,
} as const;

export const TRIP_DISTANCE = { weight: 2, scaleKm: 10, maxPenalty: 4.5 } as const;
export const NEAR_DISTANCE = { weight: 1.2, scaleKm: 50 } as const;

/** The penalty for a result `km` from the nearest trip point. */
export const tripPenalty = (km: number) =>
  Math.min(TRIP_DISTANCE.maxPenalty, TRIP_DISTANCE.weight * Math.log10(1 + km / TRIP_DISTANCE.scaleKm));

/** The penalty for a result `km` from `near`. */
export const nearPenalty = (km: number) => NEAR_DISTANCE.weight * Math.log10(1 + km / NEAR_DISTANCE.scaleKm);
