import { preloadable } from "../lib/preloadable";
import { paths } from "./paths";

// Screens a first visit rarely needs, loaded on demand (app/router.tsx). Each is loaded as soon as a
// link to it is pressed, hovered or focused (usePreloadOnIntent), and one whose chunk is in renders
// at once: through React.lazy's Suspense fallback a screen showed at the earliest 300 ms after it.
export const ProfileScreen = preloadable(() =>
  import("../features/profile/ProfileScreen").then((m) => m.default),
);
export const SharedTripPage = preloadable(() =>
  import("../features/sharing/SharedTripPage").then((m) => m.default),
);
export const PrintTripPage = preloadable(() =>
  import("../features/sharing/SharedTripPage").then((m) => m.PrintTripPage),
);
export const PlacesScreen = preloadable(() =>
  import("../features/places/PlacesScreen").then((m) => m.default),
);
export const AddPlaceScreen = preloadable(() =>
  import("../features/places/AddPlaceScreen").then((m) => m.default),
);
export const ChatScreen = preloadable(() => import("../features/chat/ChatScreen").then((m) => m.default));
export const MoneyScreen = preloadable(() => import("../features/money/MoneyScreen").then((m) => m.default));
export const PollsScreen = preloadable(() => import("../features/polls/PollsScreen").then((m) => m.default));
export const DocumentsScreen = preloadable(() =>
  import("../features/documents/DocumentsScreen").then((m) => m.default),
);
export const ListsScreen = preloadable(() => import("../features/lists/ListsScreen").then((m) => m.default));
export const MoneyPrintPage = preloadable(() =>
  import("../features/money/MoneyPrintPage").then((m) => m.default),
);
export const ShareScreen = preloadable(() =>
  import("../features/sharing/ShareScreen").then((m) => m.default),
);

const BY_PATH: Record<string, { preload(): Promise<unknown> }> = {
  [paths.places]: PlacesScreen,
  [paths.chat]: ChatScreen,
  [paths.money]: MoneyScreen,
  [paths.polls]: PollsScreen,
  [paths.documents]: DocumentsScreen,
  [paths.lists]: ListsScreen,
  [paths.share]: ShareScreen,
  [paths.addPlace]: AddPlaceScreen,
  [paths.profile]: ProfileScreen,
  "/my-trip/money/print": MoneyPrintPage,
};

/** The on-demand screen of an address of this app, if it has one. */
function screenOf(pathname: string): { preload(): Promise<unknown> } | undefined {
  if (BY_PATH[pathname]) return BY_PATH[pathname];
  if (/^\/shared\/[^/]+\/print\/?$/.test(pathname)) return PrintTripPage;
  if (/^\/shared\/[^/]+\/?$/.test(pathname)) return SharedTripPage;
  return undefined;
}

/** Starts loading the screen of an address of this app, if it is one loaded on demand. */
export function preloadScreen(pathname: string): void {
  // A failed chunk is reported when the screen renders (the error screen), not here.
  screenOf(pathname)
    ?.preload()
    .catch(() => {});
}
