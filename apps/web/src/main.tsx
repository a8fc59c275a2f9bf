import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { Fragment, lazy, StrictMode, Suspense, useEffect, useState } from "react";
import { createRoot } from "react-dom/client";
import { useTranslation } from "react-i18next";
import { RouterProvider } from "react-router";
import { Toaster } from "sonner";
import { router } from "./app/router";
import { installSessionHandling } from "./features/auth/session";
import { DialogsProvider } from "./features/info/dialogs";
import { OfflineSync } from "./features/offline/OfflineSync";
import { i18n, initI18n } from "./i18n";
import { bootOffline } from "./lib/offline";
import { queryRetryDelay, shouldRetryQuery } from "./lib/retry";
import { useTheme } from "./lib/theme";
import "./index.css";

// The service worker registers after the first screen (it need not compete with it).
const UpdatePrompt = lazy(() => import("./features/offline/UpdatePrompt"));

const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      // Spec retry helper: 3 attempts; never retry the caller's own mistakes (4xx); an outage (503,
      // no answer) until the service is back, waiting as its Retry-After asks (lib/retry.ts).
      retry: shouldRetryQuery,
      retryDelay: queryRetryDelay,
      // Offline (issue 13): one try, then wait for the network with the data kept on this device
      // (lib/offline restores it before the first render) instead of failing.
      networkMode: "offlineFirst",
    },
    // Changes that can wait offline go through the outbox (lib/offline); any other fails at once with
    // the network message, so its form keeps what was typed, rather than hanging until the network.
    mutations: { networkMode: "always" },
  },
});
installSessionHandling(queryClient);

function ThemedToaster() {
  const { dark } = useTheme();
  const { t } = useTranslation();
  return (
    <Toaster
      theme={dark ? "dark" : "light"}
      position="top-center"
      richColors
      closeButton
      containerAriaLabel={t("common:toast.region")}
      toastOptions={{ closeButtonAriaLabel: t("common:toast.close") }}
    />
  );
}

/** A new language redraws the whole tree, so text formatted outside React hooks follows it too. */
function LanguageRoot({ children }: { children: React.ReactNode }) {
  const [language, setLanguage] = useState(i18n.language);
  useEffect(() => {
    i18n.on("languageChanged", setLanguage);
    return () => i18n.off("languageChanged", setLanguage);
  }, []);
  return <Fragment key={language}>{children}</Fragment>;
}

// The catalogues and what this device kept for offline use, both before the first render.
await Promise.all([initI18n(), bootOffline(queryClient)]);
createRoot(document.getElementById("root")!).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <DialogsProvider>
        <LanguageRoot>
          <RouterProvider router={router} />
        </LanguageRoot>
        <ThemedToaster />
        <OfflineSync />
        <Suspense fallback={null}>
          <UpdatePrompt />
        </Suspense>
      </DialogsProvider>
    </QueryClientProvider>
  </StrictMode>,
);
