/** Search knobs, set from measurements on the TOPTW bench. Temperatures are relative to the best value. */
export const TUNING = {
  tempStart: 0.03,
  tempEnd: 0.001,
  removeShare: 0.35,
  removeMax: 40,
  alpha: 2,
  /**
   * Intra-tour passes after each recreate: 1 or-opt, 2 2-opt (`improve.ts`; 2-opt only where windows are
   * wide, `wideWindows`). With both, c204 m=1 reached 980 with 30 of 32 seeds at 6000 iterations (23 of
   * 32 at 7000 with or-opt alone, in more CPU time): long tours with wide windows need the reversals to
   * free the time for one more visit.
   */
  improve: 3,
  noise: 0.3,
  /**
   * Share of ruins that are cross moves (a string of one tour offered to the tours of its nearest
   * visits, pushing out what follows it there; `Search.cross`), and the trials of the cross-move scan
   * run when the search stalls, before it kicks (`Search.polish`; 0: off). c109 m=3 reaches 970 with 54
   * of 56 seeds in the bench's 1.5 s, against 8 of 16 without (it needs one such exchange of two tours).
   */
  cross: 0.25,
  polish: 2000,
  /**
   * Cross moves only where tours are short: on the long tours of Solomon type 2 (28-40 places a tour)
   * they cost more than they find (r205 m=2: 1365 against 1381 over 10 seeds), while the short tours
   * of type 1 (8-11) and Cordeau (14-25) gain. Trips of a day are short.
   */
  crossMaxVisits: 25,
  ordered: 0.5,
  stall: 0.1,
  /**
   * A kick (the search stalled) removes this share of the visits; each further kick without a new best
   * removes `kickStep` more, up to all. Where tours are short (at most `restartMaxVisits` places) a kick
   * removes them all: a tour of ~11 places is one region, and half of it still holds the search there.
   * rc106 m=1 (11 places, optimum 252) ended at 233 in 8 of 16 budgets (30000-45000 iterations), and
   * rc104 m=1 at 283 for 301 in 6 of 16; both now reach the optimum in all 16. The growing kicks end
   * the rare run whose one long tour goes the wrong way (pr19 m=1: 486 instead of about 550, 1 in 34
   * budgets; none in 34 now, and 560 in 9 instead of 4); restarts on long tours lose (r2, rc2: 26 of
   * 76 single-tour cases worse, 11 better).
   */
  kickShare: 0.5,
  kickStep: 0.25,
  restartMaxVisits: 15,
  stallMin: 50,
  /** Runs of a portfolio (`portfolio.ts`), and the budget shares at which the worse half of them stops. */
  runs: 4,
  cuts: [0.15, 0.4] as readonly number[],
  /**
   * Tours up to this many visits get a full insertion scan; longer ones only the slots near the place's
   * neighbours (`Routes.bestInsertNear`). Off: on long tours with wide windows the best slot is set by
   * time, not distance (c208 m=1 ended at 940 instead of 950 with 6 of 6 seeds at 16), and it bought
   * 15-25% more iterations only on the Cordeau cases.
   */
  fullScan: Number.POSITIVE_INFINITY,
};
