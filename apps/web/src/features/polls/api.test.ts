import type { Poll } from "@tabi/contracts";
import { describe, expect, it } from "vitest";
import { withMyVotes } from "./api";

const option = (id: string, votes: number) => ({
  id,
  label: id,
  placeId: null,
  candidate: null,
  votes,
  voters: [],
});
const poll = (over: Partial<Poll>): Poll => ({
  id: "p",
  tripId: "t",
  question: "Dinner?",
  kind: "text",
  multiple: false,
  anonymous: false,
  closesAt: null,
  closedAt: null,
  closed: false,
  createdBy: null,
  createdAt: "2027-01-01T00:00:00.000Z",
  options: [option("a", 1), option("b", 1)],
  voters: 2,
  myVotes: [],
  leading: ["a", "b"],
  winnerPlaceId: null,
  canManage: false,
  ...over,
});

describe("a vote shown before the server answers", () => {
  it("counts a first vote and breaks the tie", () => {
    const after = withMyVotes(poll({}), ["b"]);
    expect(after.options.map((o) => o.votes)).toEqual([1, 2]);
    expect(after).toMatchObject({ voters: 3, myVotes: ["b"], leading: ["b"] });
  });

  it("moves a changed vote, and takes one back", () => {
    const mine = poll({ options: [option("a", 2), option("b", 1)], myVotes: ["a"], leading: ["a"] });
    expect(withMyVotes(mine, ["b"]).options.map((o) => o.votes)).toEqual([1, 2]);
    expect(withMyVotes(mine, ["b"]).voters).toBe(2);
    const back = withMyVotes(mine, []);
    expect(back).toMatchObject({ voters: 1, myVotes: [], leading: ["a", "b"] });
  });
});
