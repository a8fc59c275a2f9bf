import { useDeferredValue, useEffect } from "react";
import { Outlet, useLocation } from "react-router";
import { SignInScreen } from "../../features/auth/SignInScreen";
import { useMe } from "../../features/auth/session";
import { prefetchItinerary } from "../../features/trips/TripDetailScreen";
import { TripDialogsProvider } from "../../features/trips/TripDialogsProvider";
import { useTripCatalogues } from "../../i18n/WithNamespaces";
import { useFirstScreenDone } from "../../lib/afterPaint";
import { FullPageSpinner } from "../../ui/Spinner";
import { ErrorBoundary } from "../ErrorScreen";
import { isPublicPath } from "../paths";
import { Background } from "./Background";
import { BottomNav } from "./BottomNav";
import { Header } from "./Header";
import { KeptCopyNote } from "./KeptCopyNote";
import { TripChannel } from "./TripChannel";
import { UnavailableBanner } from "./UnavailableBanner";
import { usePreloadOnIntent } from "./usePreloadOnIntent";

/** Animated background, top bar, content, bottom navigation (spec 1 'Layout shell'). */
export function Shell() {
  const { pathname } = useLocation();
  const me = useMe();
  // The session's answer arrives through its query's store, whose updates React renders in one
  // blocking task; the screens it opens are mounted in a deferred render, which React splits (issue 28).
  const pending = useDeferredValue(me.isPending);
  const known = useDeferredValue(me.isSuccess);
  const user = useDeferredValue(me.data);
  const gated = !isPublicPath(pathname);
  const signedOut = gated && known && !user;
  const showNav = Boolean(user) && gated;
  // The trip screens' catalogues, not the sign-in page's business: loaded once someone is signed in
  // (main.tsx starts them earlier for a browser that remembers its user). Home does not wait for them,
  // and asks for them once it is on screen.
  const firstScreenDone = useFirstScreenDone();
  const tripTexts = useTripCatalogues(Boolean(user) && (pathname !== "/" || firstScreenDone));
  useEffect(() => {
    if (showNav) prefetchItinerary();
  }, [showNav]);
  usePreloadOnIntent();
  const waiting = (gated && pending) || (showNav && !tripTexts && pathname !== "/");
  return (
    <TripDialogsProvider>
      <div className="flex min-h-dvh flex-col">
        <Background />
        {/* One sticky block: the banner stays under the top bar while the page scrolls. */}
        <div className="sticky top-0 z-40">
          <Header />
          <UnavailableBanner />
          <KeptCopyNote />
        </div>
        <main className={`mx-auto w-full max-w-5xl flex-1 px-4 py-4 ${showNav ? "pb-24" : ""}`}>
          <ErrorBoundary resetOn={pathname}>
            {waiting ? <FullPageSpinner /> : signedOut ? <SignInScreen /> : <Outlet />}
          </ErrorBoundary>
        </main>
        {showNav ? <BottomNav /> : null}
        {showNav ? <TripChannel /> : null}
      </div>
    </TripDialogsProvider>
  );
}
