import { PRODUCT_NAME } from "@tabi/contracts";

// Every route of spec 1 section 2, with its header title and subtitle.
export const paths = {
  home: "/",
  myTrip: "/my-trip",
  trip: (id: string) => `/trip/${id}`,
  places: "/my-trip/my-places",
  chat: "/my-trip/chat",
  share: "/my-trip/share",
  addPlace: "/add-place",
  profile: "/profile",
} as const;

export function headerFor(pathname: string): { title: string; subtitle?: string } {
  if (pathname === "/") return { title: "My Trips", subtitle: "Plan your next adventure" };
  if (pathname === "/my-trip" || pathname.startsWith("/trip/")) return { title: "Trip Details" };
  if (pathname === "/my-trip/my-places") return { title: "My Places" };
  if (pathname === "/my-trip/chat") return { title: "Group Chat" };
  if (pathname === "/my-trip/share") return { title: "Share Trip" };
  if (pathname === "/add-place") return { title: "Add Place" };
  if (pathname === "/profile") return { title: "Profile" };
  return { title: PRODUCT_NAME };
}

/** Paths a signed-out visitor may see; everything else shows the sign-in screen. */
export const isPublicPath = (pathname: string) =>
  pathname.startsWith("/shared/") ||
  pathname.startsWith("/auth/") ||
  pathname.startsWith("/premium/") ||
  pathname === "/premium-success" ||
  pathname === "/premium-cancel";
