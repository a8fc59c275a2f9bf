import type { ChangeEmailResult, Me, NotificationSettings } from "@tabi/contracts";
import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "../../lib/api";
import { meQuery } from "../auth/session";
import { tripKeys } from "../trips/api";

export const profileKeys = {
  settings: ["me", "settings"] as const,
};

export const notificationSettingsQuery = queryOptions({
  queryKey: profileKeys.settings,
  queryFn: () => api<NotificationSettings>("/api/me/settings"),
});

export const useNotificationSettings = () => useQuery(notificationSettingsQuery);

/** Saves one toggle: shown at once, put back if the server refuses. */
export function useSaveNotificationSetting() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (change: Partial<NotificationSettings>) =>
      api<NotificationSettings>("/api/me/settings", { method: "PUT", body: change }),
    onMutate: async (change) => {
      await qc.cancelQueries({ queryKey: profileKeys.settings });
      const before = qc.getQueryData<NotificationSettings>(profileKeys.settings);
      if (before) qc.setQueryData(profileKeys.settings, { ...before, ...change });
      return { before };
    },
    onError: (_err, _change, context) => {
      if (context?.before) qc.setQueryData(profileKeys.settings, context.before);
    },
    onSuccess: (saved) => qc.setQueryData(profileKeys.settings, saved),
  });
}

/** The profile's name; the user's own trip lists and members show it after their next read. */
export async function saveName(name: string, qc: ReturnType<typeof useQueryClient>): Promise<Me> {
  const me = await api<Me>("/api/me", { method: "PATCH", body: { name } });
  qc.setQueryData(meQuery.queryKey, me);
  void qc.invalidateQueries({ queryKey: tripKeys.all });
  return me;
}

export async function requestEmailChange(
  email: string,
  qc: ReturnType<typeof useQueryClient>,
): Promise<ChangeEmailResult> {
  const result = await api<ChangeEmailResult>("/api/me/email", { body: { email } });
  qc.setQueryData(meQuery.queryKey, result.me);
  return result;
}
