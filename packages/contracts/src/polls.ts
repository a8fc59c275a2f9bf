// Polls (issue 30 item 1, decision 0024): a question to the group, in the chat or on the trip. Options
// are plain text, or places (a trip place, or a place search result that can become one when it wins).
import { z } from "zod";
import { placeResultSchema } from "./place-search";
import { singleLineText } from "./text";

export const POLL_MIN_OPTIONS = 2;
export const POLL_MAX_OPTIONS = 10;
export const POLL_QUESTION_MAX = 200;
export const POLL_OPTION_MAX = 120;
/** Ours: more than a trip's group ever asks; more is a runaway client. */
export const MAX_POLLS_PER_TRIP = 500;

/**
 * The poll texts, in English; the catalogues' "polls" section says them in en, ja, ko and zh under the
 * same keys. Without placeholders, so the server finds a zod message's key by its words.
 */
export const POLL_MESSAGES = {
  questionRequired: "Please enter a question",
  questionTooLong: "Please keep the question under 200 characters",
  tooFewOptions: "A poll needs at least 2 options",
  tooManyOptions: "A poll can have at most 10 options",
  optionRequired: "An option cannot be empty",
  optionTooLong: "Please keep each option under 120 characters",
  duplicateOption: "Two options are the same",
  mixedOptions: "Options are either all text or all places",
  closesInPast: "The closing time must be in the future",
  closesInvalid: "Please choose a valid closing time",
  pollNotFound: "Poll not found",
  pollClosed: "This poll is closed",
  chooseOne: "This poll takes one choice",
  optionNotInPoll: "That option is not part of this poll",
  onlyCreatorOrAdmin: "Only the person who made the poll or a trip admin can do this",
  placeNotInTrip: "That place is not in this trip",
  notPlacesPoll: "Only a poll over places can add its winner to the trip",
  stillOpen: "Close the poll before adding its winner",
  noVotes: "Nobody has voted yet",
  tie: "It's a tie: choose which option to add",
  notAWinner: "That option is not one of the winners",
  winnerAdded: "The winner has already been added to the trip",
  tooManyPolls: "This trip has reached the most polls it can keep",
} as const;
export type PollMessageKey = keyof typeof POLL_MESSAGES;
const M = POLL_MESSAGES;

/** An option as it is sent: a text, a place of the trip, or a search result. */
export const pollOptionInputSchema = z.discriminatedUnion("kind", [
  z.object({
    kind: z.literal("text"),
    label: singleLineText(M.optionRequired)
      .trim()
      .min(1, M.optionRequired)
      .max(POLL_OPTION_MAX, M.optionTooLong),
  }),
  z.object({ kind: z.literal("place"), placeId: z.uuid() }),
  z.object({ kind: z.literal("searchResult"), result: placeResultSchema }),
]);
export type PollOptionInput = z.input<typeof pollOptionInputSchema>;

/** What makes two options the same: the same words (any case), place or search result. */
export const optionIdentity = (o: z.output<typeof pollOptionInputSchema>): string =>
  o.kind === "text"
    ? `text:${o.label.trim().toLocaleLowerCase()}`
    : o.kind === "place"
      ? `place:${o.placeId}`
      : `result:${o.result.id}`;

/** POST /api/trips/:tripId/polls. `now` is the clock the closing time is checked against. */
export const pollCreateSchema = z
  .object({
    question: singleLineText(M.questionRequired)
      .trim()
      .min(1, M.questionRequired)
      .max(POLL_QUESTION_MAX, M.questionTooLong),
    options: z
      .array(pollOptionInputSchema, { error: M.tooFewOptions })
      .min(POLL_MIN_OPTIONS, M.tooFewOptions)
      .max(POLL_MAX_OPTIONS, M.tooManyOptions),
    /** Several choices per member, or one. */
    multiple: z.boolean().default(false),
    /** Counts only: who voted for what is never sent to anyone. */
    anonymous: z.boolean().default(false),
    closesAt: z.iso.datetime({ offset: true, error: M.closesInvalid }).nullish(),
  })
  .superRefine((p, ctx) => {
    const texts = p.options.filter((o) => o.kind === "text").length;
    if (texts > 0 && texts < p.options.length)
      ctx.addIssue({ code: "custom", message: M.mixedOptions, path: ["options"] });
    const seen = new Set<string>();
    p.options.forEach((o, i) => {
      const id = optionIdentity(o);
      if (seen.has(id)) ctx.addIssue({ code: "custom", message: M.duplicateOption, path: ["options", i] });
      seen.add(id);
    });
    if (p.closesAt && Date.parse(p.closesAt) <= Date.now())
      ctx.addIssue({ code: "custom", message: M.closesInPast, path: ["closesAt"] });
  });
export type PollCreateInput = z.input<typeof pollCreateSchema>;
export type PollCreateParsed = z.output<typeof pollCreateSchema>;

/** PUT .../polls/:pollId/vote: the caller's whole choice (empty takes the vote back). */
export const pollVoteSchema = z.object({
  optionIds: z.array(z.uuid()).max(POLL_MAX_OPTIONS),
});

/** POST .../polls/:pollId/winner: which option to add (needed only when the top is a tie). */
export const pollWinnerSchema = z.object({ optionId: z.uuid().nullish() });

const person = z.object({ userId: z.string(), name: z.string(), color: z.string() });

export const pollOptionSchema = z.object({
  id: z.string(),
  label: z.string(),
  /** The trip place this option is (once its search result was added, the place it became). */
  placeId: z.string().nullable(),
  /** A search result not (yet) in the trip. */
  candidate: placeResultSchema.nullable(),
  votes: z.number().int(),
  /** Who chose it; null in an anonymous poll. */
  voters: z.array(z.string()).nullable(),
});
export type PollOption = z.infer<typeof pollOptionSchema>;

export const pollSchema = z.object({
  id: z.string(),
  tripId: z.string(),
  question: z.string(),
  kind: z.enum(["text", "places"]),
  multiple: z.boolean(),
  anonymous: z.boolean(),
  closesAt: z.string().nullable(),
  /** When it closed: by hand, or its closing time (a poll past it is closed). */
  closedAt: z.string().nullable(),
  closed: z.boolean(),
  /** Who made it (null once they left the trip); they or an admin close it and add its winner. */
  createdBy: person.nullable(),
  createdAt: z.string(),
  options: z.array(pollOptionSchema),
  /** Members who voted (each once, whatever the number of choices). */
  voters: z.number().int(),
  /** The caller's own choice. */
  myVotes: z.array(z.string()),
  /** The options with the most votes (none before the first vote; more than one is a tie). */
  leading: z.array(z.string()),
  /** The place the winner became once added to the trip. */
  winnerPlaceId: z.string().nullable(),
  /** The caller may close it and add its winner (its creator, or a trip admin). */
  canManage: z.boolean(),
});
export type Poll = z.infer<typeof pollSchema>;

export const pollListSchema = z.object({ polls: z.array(pollSchema) });
export type PollList = z.infer<typeof pollListSchema>;

/** What the winner added: the place, and the voters whose wish could not be added (a limit, a flag). */
export const pollWinnerResultSchema = z.object({
  poll: pollSchema,
  placeId: z.string(),
  skipped: z.array(z.string()),
});
export type PollWinnerResult = z.infer<typeof pollWinnerResultSchema>;
