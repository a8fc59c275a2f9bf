// Texts of the information dialogs (spec 1 section 2 'Dialogs'), as catalogue keys (namespace "info").
// Loaded lazily with the dialog.
export const ABOUT = {
  mission: "info:about.mission",
  highlights: [
    { title: "info:about.fair.title", text: "info:about.fair.text" },
    { title: "info:about.smart.title", text: "info:about.smart.text" },
    { title: "info:about.realtime.title", text: "info:about.realtime.text" },
  ],
} as const;

/** Open data the app ships or shows, with its licence (shown in About). */
export const CREDITS = [
  "info:credits.cities",
  "info:credits.airports",
  "info:credits.castles",
  "info:credits.sights",
  "info:credits.map",
] as const;

export const FAQ = [
  { q: "info:faq.what.q", a: "info:faq.what.a" },
  { q: "info:faq.account.q", a: "info:faq.account.a" },
  { q: "info:faq.create.q", a: "info:faq.create.a" },
  { q: "info:faq.invite.q", a: "info:faq.invite.a" },
  { q: "info:faq.addPlaces.q", a: "info:faq.addPlaces.a" },
  { q: "info:faq.wish.q", a: "info:faq.wish.a" },
  { q: "info:faq.fair.q", a: "info:faq.fair.a" },
  { q: "info:faq.edit.q", a: "info:faq.edit.a" },
  { q: "info:faq.deadline.q", a: "info:faq.deadline.a" },
  { q: "info:faq.admins.q", a: "info:faq.admins.a" },
  { q: "info:faq.free.q", a: "info:faq.free.a" },
  { q: "info:faq.premium.q", a: "info:faq.premium.a" },
  { q: "info:faq.share.q", a: "info:faq.share.a" },
  { q: "info:faq.notifications.q", a: "info:faq.notifications.a" },
  { q: "info:faq.phone.q", a: "info:faq.phone.a" },
  { q: "info:faq.delete.q", a: "info:faq.delete.a" },
] as const;

export const TERMS = [
  { title: "info:terms.acceptance.title", text: "info:terms.acceptance.text" },
  { title: "info:terms.account.title", text: "info:terms.account.text" },
  { title: "info:terms.content.title", text: "info:terms.content.text" },
  { title: "info:terms.use.title", text: "info:terms.use.text" },
  { title: "info:terms.premium.title", text: "info:terms.premium.text" },
  { title: "info:terms.liability.title", text: "info:terms.liability.text" },
] as const;

/** When the terms last changed (a calendar date, shown in the reader's language). */
export const TERMS_UPDATED = "2024-01-01";
