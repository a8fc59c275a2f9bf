import { QueryClient, QueryClientProvider, useIsFetching } from "@tanstack/react-query";
import { Fragment, lazy, StrictMode, Suspense, startTransition, useEffect, useState } from "react";
import { createRoot } from "react-dom/client";
import { useTranslation } from "react-i18next";
import { RouterProvider } from "react-router";
import { Toaster } from "sonner";
import { router } from "./app/router";
import { installSessionHandling, startSessionRead } from "./features/auth/session";
import { DialogsProvider } from "./features/info/dialogs";
import { OfflineSync } from "./features/offline/OfflineSync";
import { currentTripId } from "./features/trips/currentTrip";
import { installGoneTripHandling } from "./features/trips/goneTrip";
import { startTripRead, tripOfAddress } from "./features/trips/tripFull";
import { browserLanguage, i18n, initI18n, loadTripCatalogues } from "./i18n";
import { preloadTripCatalogues } from "./i18n/bundles";
import { prepareFormats } from "./i18n/format";
import { useFirstScreenDone } from "./lib/afterPaint";
import { seedClientConfig } from "./lib/config";
import { bootOffline } from "./lib/offline";
import { rememberedUser } from "./lib/offline/storage";
import { queryRetryDelay, shouldRetryQuery } from "./lib/retry";
import { useTheme } from "./lib/theme";
import "./index.css";

// The service worker registers after the first screen (it need not compete with it).
const UpdatePrompt = lazy(() => import("./features/offline/UpdatePrompt"));

/**
 * Its children once the first screen is done: the page loaded and on screen (lib/afterPaint.ts), its
 * first reads answered and the browser idle, or 5 s after that (the service worker's code is not among
 * the first screen's files).
 */
function AfterFirstScreen({ children }: { children: React.ReactNode }) {
  const loaded = useFirstScreenDone();
  const [due, setDue] = useState(false);
  const busy = useIsFetching() > 0;
  // Reads that keep retrying (the service away) hold it back 5 s at most.
  useEffect(() => {
    if (!loaded || due) return;
    const timer = setTimeout(() => setDue(true), 5000);
    return () => clearTimeout(timer);
  }, [loaded, due]);
  useEffect(() => {
    if (!loaded || busy || due) return;
    const idle = window.requestIdleCallback ?? ((f: () => void) => setTimeout(f, 50));
    const cancel = window.cancelIdleCallback ?? clearTimeout;
    const id = idle(() => setDue(true), { timeout: 2000 });
    return () => cancel(id);
  }, [loaded, busy, due]);
  return due ? children : null;
}

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
installGoneTripHandling(queryClient);
// The session is read while the catalogues load, and the client config comes inlined in index.html
// when the server serves it (lib/config.ts): the first screen waits for neither in series.
startSessionRead();
// A trip page's address names its trip: its one read starts now too, not after /api/me and the
// catalogues (decision 0026; the trip query takes this answer, features/trips/tripFull.ts).
const addressTrip = tripOfAddress(window.location.pathname, currentTripId());
if (addressTrip) startTripRead(addressTrip);
// A browser that remembers its user is most likely bound for home or a trip, and a trip's address
// for its trip: the trip screens' catalogues come along with the first screen's (app/layout/Shell.tsx
// waits for them beyond home).
const tripBound = Boolean(rememberedUser() || addressTrip);
if (tripBound) preloadTripCatalogues(browserLanguage());
seedClientConfig(queryClient);

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

// The catalogues and what this device kept for offline use, both before the first render; the
// trip screens' date formats are built while they load (i18n/format.ts).
const booted = Promise.all([initI18n(), bootOffline(queryClient)]);
if (tripBound) prepareFormats(browserLanguage());
await booted;
if (tripBound) void loadTripCatalogues();
const root = createRoot(document.getElementById("root")!);
// As a transition, React renders the first screen in slices and lets input in between; a plain
// render is one task, 0.3 s of it on a slow phone (issue 28).
startTransition(() =>
  root.render(
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <DialogsProvider>
          <LanguageRoot>
            <RouterProvider router={router} />
          </LanguageRoot>
          <ThemedToaster />
          <OfflineSync />
          <AfterFirstScreen>
            <Suspense fallback={null}>
              <UpdatePrompt />
            </Suspense>
          </AfterFirstScreen>
        </DialogsProvider>
      </QueryClientProvider>
    </StrictMode>,
  ),
);
