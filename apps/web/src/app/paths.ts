import { PRODUCT_NAME } from "@tabi/contracts";
import { i18n } from "../i18n";

// Every route of spec 1 section 2, with its header title and subtitle.
export const paths = {
  home: "/",
  myTrip: "/my-trip",
  trip: (id: string) => `/trip/${id}`,
  places: "/my-trip/my-places",
  chat: "/my-trip/chat",
  money: "/my-trip/money",
  polls: "/my-trip/polls",
  documents: "/my-trip/documents",
  lists: "/my-trip/lists",
  share: "/my-trip/share",
  addPlace: "/add-place",
  profile: "/profile",
} as const;

export function headerFor(pathname: string): { title: string; subtitle?: string } {
  const t = (key: string) => i18n.t(key);
  if (pathname === "/")
    return { title: t("shell:title.myTrips"), subtitle: t("shell:title.myTripsSubtitle") };
  if (pathname === "/my-trip" || pathname.startsWith("/trip/"))
    return { title: t("shell:title.tripDetails") };
  if (pathname === "/my-trip/my-places") return { title: t("shell:title.myPlaces") };
  if (pathname === "/my-trip/chat") return { title: t("shell:title.groupChat") };
  if (pathname === "/my-trip/money") return { title: t("shell:title.money") };
  if (pathname === "/my-trip/polls") return { title: t("shell:title.polls") };
  if (pathname === "/my-trip/documents") return { title: t("shell:title.documents") };
  if (pathname === "/my-trip/lists") return { title: t("shell:title.lists") };
  if (pathname === "/my-trip/share") return { title: t("shell:title.shareTrip") };
  if (pathname === "/add-place") return { title: t("shell:title.addPlace") };
  if (pathname === "/profile") return { title: t("shell:title.profile") };
  return { title: PRODUCT_NAME };
}

/** Paths a signed-out visitor may see; everything else shows the sign-in screen. */
export const isPublicPath = (pathname: string) =>
  pathname.startsWith("/shared/") ||
  pathname.startsWith("/auth/") ||
  pathname.startsWith("/premium/") ||
  pathname === "/premium-success" ||
  pathname === "/premium-cancel";
