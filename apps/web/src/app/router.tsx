import { Suspense } from "react";
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
const later = (el: React.ReactNode) => <Suspense fallback={<FullPageSpinner />}>{el}</Suspense>;

export const router = createBrowserRouter([
  {
    element: <Shell />,
    children: [
      { path: "/", element: <HomeScreen /> },
      { path: "/my-trip", element: <TripDetailScreen /> },
      { path: "/trip/:tripId", element: <TripDetailScreen /> },
      { path: "/my-trip/my-places", element: later(<PlacesScreen />) },
      { path: "/my-trip/chat", element: later(<ChatScreen />) },
      { path: "/my-trip/money", element: later(<MoneyScreen />) },
      {
        path: "/my-trip/polls",
        element: later(
          <WithNamespaces ns={["polls"]}>
            <PollsScreen />
          </WithNamespaces>,
        ),
      },
      {
        path: "/my-trip/documents",
        element: later(
          <WithNamespaces ns={["documents"]}>
            <DocumentsScreen />
          </WithNamespaces>,
        ),
      },
      {
        path: "/my-trip/lists",
        element: later(
          <WithNamespaces ns={["lists"]}>
            <ListsScreen />
          </WithNamespaces>,
        ),
      },
      {
        path: "/my-trip/share",
        element: later(
          <WithNamespaces ns={["share"]}>
            <ShareScreen />
          </WithNamespaces>,
        ),
      },
      { path: "/add-place", element: later(<AddPlaceScreen />) },
      { path: "/profile", element: later(<ProfileScreen />) },
      { path: "/auth/callback", element: <AuthCallback /> },
      {
        path: "/shared/:shareToken",
        element: later(
          <WithNamespaces ns={SHARED_PAGE_NAMESPACES}>
            <SharedTripPage />
          </WithNamespaces>,
        ),
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
    element: later(
      <WithNamespaces ns={SHARED_PAGE_NAMESPACES}>
        <PrintTripPage />
      </WithNamespaces>,
    ),
    errorElement: <ErrorScreen onRetry={() => window.location.reload()} />,
  },
  // The trip's money summary to print (issue 29), outside the shell for the same reason.
  {
    path: "/my-trip/money/print",
    element: later(
      <WithNamespaces ns={TRIP_NAMESPACES}>
        <MoneyPrintPage />
      </WithNamespaces>,
    ),
    errorElement: <ErrorScreen onRetry={() => window.location.reload()} />,
  },
]);
