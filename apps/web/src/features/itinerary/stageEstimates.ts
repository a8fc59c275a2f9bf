import type { OptimizationStage } from "@tabi/contracts";
import { i18n } from "../../i18n";
import { formatNumber } from "../../i18n/format";

/** The stages a run goes through, in order, with the time each is estimated to take (spec 2 s.4). */
export const STAGE_ESTIMATES: readonly {
  stage: Exclude<OptimizationStage, "complete">;
  /** The contracts' stage label (STAGE_LABELS) in the server catalogue. */
  label: string;
  seconds: readonly [number, number];
}[] = [
  { stage: "collecting", label: "server:stage.collecting", seconds: [5, 10] },
  { stage: "normalizing", label: "server:stage.normalizing", seconds: [10, 20] },
  { stage: "selecting", label: "server:stage.selecting", seconds: [15, 30] },
  { stage: "routing", label: "server:stage.routing", seconds: [20, 40] },
];

/** A stage's estimate in the app's language: "5-10 s", "5〜10秒". */
export const estimateText = ([min, max]: readonly [number, number]) =>
  i18n.t("plan:optimize.estimate", { min: formatNumber(min), max: formatNumber(max) });
