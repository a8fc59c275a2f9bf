import { useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { toast } from "sonner";
import { i18n } from "../../i18n";
import { onRefused, type Refusal, setOfflineUser } from "../../lib/offline";
import { useMe } from "../auth/session";
import { CHAT_SEND } from "./chat";
import { PLACE_KINDS } from "./places";
import { PLAN_EDIT } from "./plan";

/** What a refused change was, as its message's title. */
function refusalTitle({ item }: Refusal): string {
  const name = item.label;
  if (item.kind === PLAN_EDIT)
    return name ? i18n.t("offline:refused.plan", { name }) : i18n.t("offline:refused.planUnnamed");
  if (item.kind === PLACE_KINDS.update) return i18n.t("offline:refused.place", { name });
  if (item.kind === CHAT_SEND) return i18n.t("offline:refused.message");
  return i18n.t("offline:refused.wish", { name });
}

/** A change made offline that the server refused: its message, and what was typed, to copy. */
export function showRefusal(refusal: Refusal): void {
  const typed = refusal.item.typed?.trim();
  toast.error(refusalTitle(refusal), {
    description: typed
      ? `${refusal.message}\n${i18n.t("offline:refused.typed", { text: typed })}`
      : refusal.message,
    duration: 20_000,
    action: typed
      ? {
          label: i18n.t("offline:refused.copy"),
          onClick: () =>
            void navigator.clipboard
              ?.writeText(typed)
              .then(() => toast.success(i18n.t("offline:refused.copied")))
              .catch(() => undefined),
        }
      : undefined,
  });
}

/**
 * Keeps the offline store on the signed-in user (their cache and outbox; nothing once signed out)
 * and tells the user when the server refuses a change made offline. Renders nothing.
 */
export function OfflineSync() {
  const queryClient = useQueryClient();
  const me = useMe();
  const userId = me.data === undefined ? undefined : (me.data?.id ?? null);

  useEffect(() => {
    // Unknown yet (offline with nothing kept, or still asking): leave things as they are.
    if (userId !== undefined) void setOfflineUser(queryClient, userId);
  }, [queryClient, userId]);

  useEffect(() => onRefused(showRefusal), []);
  return null;
}
