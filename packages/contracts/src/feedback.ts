import { z } from "zod";
import { multiLineText } from "./text";

export const FEEDBACK_TYPES = ["bug", "feature", "general", "compliment"] as const;
export type FeedbackType = (typeof FEEDBACK_TYPES)[number];
export const FEEDBACK_TYPE_LABELS: Record<FeedbackType, string> = {
  bug: "Bug Report",
  feature: "Feature Request",
  general: "General Feedback",
  compliment: "Compliment",
};
export const FEEDBACK_MESSAGE_MAX = 5000;

export const feedbackInputSchema = z.object({
  type: z.enum(FEEDBACK_TYPES).default("general"),
  message: multiLineText()
    .trim()
    .min(1, "Please enter your message")
    // Written out (not built from FEEDBACK_MESSAGE_MAX): the server catalogue finds a text by its words.
    .max(FEEDBACK_MESSAGE_MAX, "Please keep your message under 5000 characters"),
  // Empty e-mail is stored as null (spec 1 section 5).
  email: z
    .union([z.literal(""), z.email("Please enter a valid email address").max(254)])
    .nullish()
    .transform((v) => (v ? v : null)),
});
export type FeedbackInput = z.input<typeof feedbackInputSchema>;
export const feedbackCreatedSchema = z.object({ id: z.string(), createdAt: z.string() });
