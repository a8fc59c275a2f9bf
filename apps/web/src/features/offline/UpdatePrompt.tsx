/// <reference types="vite-plugin-pwa/react" />

import { useRegisterSW } from "virtual:pwa-register/react";
import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { toast } from "sonner";

const HOUR = 60 * 60 * 1000;

/**
 * Registers the service worker (vite.config.ts: the app shell precached, map tiles kept) and, when a
 * new version was deployed and is ready, offers to reload into it. The new version waits until the
 * user says so: nothing typed is lost to a reload they did not ask for.
 */
export default function UpdatePrompt() {
  const { t } = useTranslation();
  const {
    needRefresh: [needRefresh],
    updateServiceWorker,
  } = useRegisterSW({
    onRegisteredSW(_url, registration) {
      if (!registration) return;
      // An app left open for days still hears of new versions: hourly, and when it comes back to view.
      const check = () => {
        if (navigator.onLine !== false) void registration.update().catch(() => undefined);
      };
      setInterval(check, HOUR);
      document.addEventListener("visibilitychange", () => {
        if (document.visibilityState === "visible") check();
      });
    },
  });

  useEffect(() => {
    if (!needRefresh) return;
    toast(t("offline:update.title"), {
      id: "app-update",
      description: t("offline:update.text"),
      duration: Number.POSITIVE_INFINITY,
      action: { label: t("offline:update.reload"), onClick: () => void updateServiceWorker(true) },
    });
  }, [needRefresh, t, updateServiceWorker]);

  return null;
}
