import type { SkippersOf } from "./form";

// Where "who's going" plugs into money (issue 29: "for a linked visit, the split defaults to those who
// went"). The visit skips of issue 30 say which members do not go to a planned visit; until they are
// read here, nobody is known to skip and a visit's expense is split among everyone.

const nobody: SkippersOf = () => [];

/**
 * The members who skip a visit of the trip's plan, by place and day. The expense dialog calls it when
 * a visit is linked (form.ts withLink), and splits among the others unless the member already chose.
 */
export function useVisitSkippers(_tripId: string): SkippersOf {
  return nobody;
}
