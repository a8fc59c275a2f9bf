// Texts of the information dialogs (spec 1 section 2 'Dialogs'). Loaded lazily with the dialog.
export const ABOUT = {
  mission:
    "Tabi helps a group of friends plan one trip together. Everyone proposes the places they dream of, and Tabi turns all the wishes into a day-by-day itinerary that is fair to every member and sensible to travel.",
  highlights: [
    {
      title: "Fair group planning",
      text: "Every member's wishes count. The optimiser balances the plan so that nobody's favourite places are always the ones left out.",
    },
    {
      title: "Smart optimisation",
      text: "Opening hours, stay durations, travel times and meals are weighed together to build days that flow, in about a second.",
    },
    {
      title: "Real-time collaboration",
      text: "Invite friends with a code or a link, chat, and edit the map and calendar together: changes reach everyone at once.",
    },
  ],
};

/** Open data the app ships or shows, with its licence (shown in About). */
export const CREDITS = [
  "Cities: GeoNames (CC BY 4.0)",
  "Airports: airport-data-js (CC BY 4.0)",
  "Castles and palaces: Castlemap, facts from Wikidata (CC0)",
  "Sights, opening hours and visit lengths of about 100 cities: Tabi's own list (CC0)",
  "Map: world-atlas (Natural Earth, public domain); tiles © OpenStreetMap contributors",
];

export const FAQ: { q: string; a: string }[] = [
  {
    q: "What is Tabi?",
    a: "A trip planner for groups: each member adds the places they want to visit, and Tabi builds one fair, efficient itinerary for everyone.",
  },
  {
    q: "Do I need an account?",
    a: "No. You can start as a guest with just a name. Add an e-mail and password from your profile later to keep your trips on any device.",
  },
  {
    q: "How do I create a trip?",
    a: "On the home screen, press Create Trip, choose where you depart from, your travel dates and, if you like, a name and description.",
  },
  {
    q: "How do I invite friends?",
    a: "Open Share Trip and send your friends the 8-character trip code or the share link. They join with Join Trip on their home screen.",
  },
  {
    q: "How do I add places?",
    a: "Open Places and press Add Places. Search for a place, give it a priority with the stars, choose how long you want to stay, and optionally a preferred time of day.",
  },
  {
    q: "What does the wish level mean?",
    a: "It tells the optimiser how much you want to visit a place. Higher wishes are more likely to be scheduled, but everyone's wishes are balanced against each other.",
  },
  {
    q: "How does the optimiser keep things fair?",
    a: "It measures how much of each member's wish list the plan covers and raises the worst-off member's share. The fairness slider sets how much fairness weighs against travel efficiency.",
  },
  {
    q: "Can I change the itinerary by hand?",
    a: "Yes. In the calendar you can drag places to another time or day, change how long you stay, remove a stop, or add one between two stops. Times are recalculated for you.",
  },
  {
    q: "What is the add-place deadline?",
    a: "Trip admins can set a date after which members can no longer add places, so the group can settle the plan. Admins can still add places after it.",
  },
  {
    q: "What can admins do?",
    a: "Admins manage trip settings, set the deadline, change trip details and give other members the admin role. Only the trip's creator can delete it.",
  },
  {
    q: "How many trips can I have on the free plan?",
    a: "Up to 3 trips (created or joined), 5 members per trip and 10 places per member in each trip. Premium removes these limits.",
  },
  {
    q: "What does Premium include?",
    a: "Unlimited trips, members and places, and priority support, for $9.00 per year. Password-protected share links with access analytics are coming soon.",
  },
  {
    q: "Can I share a trip with people who are not members?",
    a: "Yes. A share link shows a read-only view of the trip. Protecting a link with a password is not available yet; it is coming to Premium.",
  },
  {
    q: "Does Tabi work on my phone?",
    a: "Yes. Tabi is made for phones first and works in any modern browser, in light and dark mode.",
  },
  {
    q: "How do I delete my data?",
    a: "Exporting your data and deleting your account from your profile are not available yet; they are coming soon.",
  },
];

export const TERMS: { title: string; text: string }[] = [
  {
    title: "1. Acceptance of the terms",
    text: "By using Tabi you agree to these terms. If you do not agree, please do not use the service.",
  },
  {
    title: "2. Your account",
    text: "You are responsible for the activity on your account and for keeping your password safe. Guest accounts are tied to the browser they were created in until an e-mail is added.",
  },
  {
    title: "3. Your content",
    text: "Places, notes, messages and photos you add remain yours. You allow Tabi to store them and show them to the members of your trips, and to people you share a trip with.",
  },
  {
    title: "4. Acceptable use",
    text: "Do not use Tabi to break the law, to harass other people, to upload content you have no right to share, or to disturb the service or other users.",
  },
  {
    title: "5. Premium and payments",
    text: "Premium is billed yearly at the displayed price plus applicable taxes. You can cancel at any time; Premium then stays active until the end of the paid period.",
  },
  {
    title: "6. Liability and changes",
    text: "Tabi is provided as is. Travel times, opening hours and other estimates may be wrong: check them before you travel. We may update these terms and will tell you about important changes.",
  },
];
