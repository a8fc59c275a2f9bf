import { type ComponentType, type ReactNode, Suspense } from "react";
import { createBrowserRouter } from "react-router";
import { AuthCallback } from "../features/auth/AuthCallback";
import { PremiumCancel, PremiumSuccess } from "../features/billing/PremiumPages";
import { HomeScreen } from "../features/home/HomeScreen";
import { TripDetailScreen } from "../features/trips/TripDetailScreen";
import { TRIP_NAMESPACES } from "../i18n";
import { WithNamespaces } from "../i18n/WithNamespaces";
import { FullPageSpinner } from "../ui/Spinner";
import { ErrorScreen } from "./ErrorScreen";
import { Shell } from "./layout/Shell";
import { NotFound } from "./NotFound";
import {
  AddPlaceScreen,
  ChatScreen,
  DocumentsScreen,
  ListsScreen,
  MoneyPrintPage,
  MoneyScreen,
  PlacesScreen,
  PollsScreen,
  PrintTripPage,
  ProfileScreen,
  SharedTripPage,
  ShareScreen,
} from "./screens";

// The public shared trip shows the plan, calendar, places and map of a trip.
const SHARED_PAGE_NAMESPACES = ["sharing", ...TRIP_NAMESPACES];
type OnDemandScreen = ComponentType & { useReady(): boolean };

/**
 * A screen loaded on demand (app/screens.ts): a spinner until its chunk is in, then the screen at
 * once. Through React.lazy's Suspense fallback alone it showed 300 ms after the spinner at the
 * earliest, however soon the chunk came (lib/preloadable.tsx).
 */
function OnDemand({ screen, children }: { screen: OnDemandScreen; children: ReactNode }) {
  const ready = screen.useReady();
  return ready ? <Suspense fallback={<FullPageSpinner />}>{children}</Suspense> : <FullPageSpinner />;
}

/** The screen, after its own catalogues (`ns`) when it has some. */
const later = (Screen: OnDemandScreen, ns?: string[]) => (
  <OnDemand screen={Screen}>
    {ns ? (
      <WithNamespaces ns={ns}>
        <Screen />
      </WithNamespaces>
    ) : (
      <Screen />
    )}
  </OnDemand>
);

export const router = createBrowserRouter([
  {
    element: <Shell />,
    children: [
      { path: "/", element: <HomeScreen /> },
      { path: "/my-trip", element: <TripDetailScreen /> },
      { path: "/trip/:tripId", element: <TripDetailScreen /> },
      { path: "/my-trip/my-places", element: later(PlacesScreen) },
      { path: "/my-trip/chat", element: later(ChatScreen) },
      { path: "/my-trip/money", element: later(MoneyScreen) },
      {
        path: "/my-trip/polls",
        element: later(PollsScreen, ["polls"]),
      },
      {
        path: "/my-trip/documents",
        element: later(DocumentsScreen, ["documents"]),
      },
      {
        path: "/my-trip/lists",
        element: later(ListsScreen, ["lists"]),
      },
      {
        path: "/my-trip/share",
        element: later(ShareScreen, ["share"]),
      },
      { path: "/add-place", element: later(AddPlaceScreen) },
      { path: "/profile", element: later(ProfileScreen) },
      { path: "/auth/callback", element: <AuthCallback /> },
      {
        path: "/shared/:shareToken",
        element: later(SharedTripPage, SHARED_PAGE_NAMESPACES),
      },
      { path: "/premium/success", element: <PremiumSuccess /> },
      { path: "/premium-success", element: <PremiumSuccess /> },
      { path: "/premium/cancel", element: <PremiumCancel /> },
      { path: "/premium-cancel", element: <PremiumCancel /> },
      { path: "*", element: <NotFound /> },
    ],
  },
  // A printable document for "Save as PDF": no header, menus or bottom navigation around it.
  {
    path: "/shared/:shareToken/print",
    element: later(PrintTripPage, SHARED_PAGE_NAMESPACES),
    errorElement: <ErrorScreen onRetry={() => window.location.reload()} />,
  },
  // The trip's money summary to print (issue 29), outside the shell for the same reason.
  {
    path: "/my-trip/money/print",
    element: later(MoneyPrintPage, TRIP_NAMESPACES),
    errorElement: <ErrorScreen onRetry={() => window.location.reload()} />,
  },
]);
