// The zh catalogues of a signed-in user's screens beyond home (the trip, places, chat, profile) and
// of the shared trip page, in one file (i18n/bundles.ts TRIP_NAMESPACES; checked by bundles.test.ts).
export default import.meta.glob<Record<string, unknown>>(
  "../locales/zh/{calendar,chat,map,money,places,plan,privacy,profile,search}.json",
  { eager: true, import: "default" },
);
