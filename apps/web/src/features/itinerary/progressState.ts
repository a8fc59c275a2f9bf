import { FINAL_STAGES, type OptimizationProgress } from "@tabi/contracts";

export interface ProgressState {
  progress: OptimizationProgress | null;
  running: boolean;
}

/**
 * The later of the progress held (pushed over the trip's channel) and the one just read: a read sent
 * while a run went on can answer after the channel said it finished, and taking it as it is left the
 * overlay at "Analyzing 25%" for good (CI, issue 28's run), since no event follows the last one.
 */
export function laterProgress(held: ProgressState | undefined, answer: ProgressState): ProgressState {
  // A run that said its last stage is over, whatever the answer says of it: a server of the version
  // before still said 'running' while it published its plan, and the overlay celebrated it twice.
  const read =
    answer.running && answer.progress && FINAL_STAGES.has(answer.progress.stage)
      ? { ...answer, running: false }
      : answer;
  if (!held?.progress || !read.progress) return read;
  return Date.parse(held.progress.updatedAt) > Date.parse(read.progress.updatedAt) ? held : read;
}
