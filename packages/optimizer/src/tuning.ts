/** Search knobs, set from measurements on the TOPTW bench. Temperatures are relative to the best value. */
export const TUNING = {
  tempStart: 0.03,
  tempEnd: 0.001,
  removeShare: 0.35,
  removeMax: 40,
  alpha: 2,
  improve: 1,
  noise: 0.3,
  ordered: 0.5,
  stall: 0.1,
  stallMin: 50,
};
