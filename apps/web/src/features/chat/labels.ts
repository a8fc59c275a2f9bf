import type { ReactionName } from "@tabi/contracts";

/** Each reaction's name for screen readers and tooltips (the emoji alone says little aloud). */
export const REACTION_LABEL = {
  heart: "chat:reaction.heart",
  like: "chat:reaction.like",
  laugh: "chat:reaction.laugh",
  wow: "chat:reaction.wow",
  sad: "chat:reaction.sad",
  angry: "chat:reaction.angry",
} as const satisfies Record<ReactionName, string>;

/** The platforms' colour emoji fonts first: a text font's plain emoticons (😂 as an outline) look broken. */
// i18n-exempt: font names, never shown
export const EMOJI_FONT = {
  fontFamily: '"Apple Color Emoji", "Segoe UI Emoji", "Noto Color Emoji", sans-serif',
};
