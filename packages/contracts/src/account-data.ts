import { z } from "zod";

// Export of one's data and deletion of one's account (issue 16: profile, "Data & Privacy").

/** DELETE /api/me: the account's e-mail (any case), or a guest's name, typed to confirm. */
export const deleteAccountSchema = z.object({
  confirm: z.string().trim().min(1, "Type the confirmation to delete your account").max(320),
});
export type DeleteAccountInput = z.infer<typeof deleteAccountSchema>;

export const EXPORT_STATUSES = ["running", "ready", "failed"] as const;

/** An export of the caller's data, made in the background: its progress, then its file. */
export const exportJobSchema = z.object({
  jobId: z.string(),
  status: z.enum(EXPORT_STATUSES),
  /** 0-100. */
  progress: z.number().int().min(0).max(100),
  /** When the file stops being available (an hour after the job started). */
  expiresAt: z.string(),
});
export type ExportJob = z.infer<typeof exportJobSchema>;
