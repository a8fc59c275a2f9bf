import { z } from "zod";
import { guestNameSchema, meSchema } from "./session";

/**
 * PATCH /api/me: the profile's name (spec 3 'Profile settings'), what the other members of the user's
 * trips see. Trimmed, 1 to 60 characters, one line: the same rules as a guest's name.
 */
export const updateProfileSchema = z.object({ name: guestNameSchema.shape.name });
export type UpdateProfileInput = z.infer<typeof updateProfileSchema>;

/** The four notification toggles of the profile (spec 3 'Notifications'); all on until changed. */
export const notificationSettingsSchema = z.object({
  notifyMessages: z.boolean(),
  notifyTripUpdates: z.boolean(),
  notifyNewMembers: z.boolean(),
  notifyReminders: z.boolean(),
});
export type NotificationSettings = z.infer<typeof notificationSettingsSchema>;

/** PUT /api/me/settings: any of the toggles; those left out keep their value. */
export const notificationSettingsUpdateSchema = notificationSettingsSchema
  .partial()
  .strict()
  .refine((s) => Object.keys(s).length > 0, "Nothing to change");
export type NotificationSettingsUpdate = z.infer<typeof notificationSettingsUpdateSchema>;

/** POST /api/me/email: a registered user's new address, confirmed by a link sent to it. */
export const changeEmailSchema = z.object({
  email: z.email("Please enter a valid email address").max(254),
});
export type ChangeEmailInput = z.infer<typeof changeEmailSchema>;

export const changeEmailResultSchema = z.object({
  me: meSchema,
  /** The address waiting for its link to be followed; null when the address changed at once (never confirmed). */
  pendingEmail: z.string().nullable(),
});
export type ChangeEmailResult = z.infer<typeof changeEmailResultSchema>;
