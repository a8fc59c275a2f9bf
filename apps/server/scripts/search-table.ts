// Place search in a trip (issue 12 item 9): 10 sight queries in 5 cities, each with that city's trip
// (its destination and three places), as the add-place screen sends them. Prints a markdown table:
// the top result, its distance from the trip's nearest point, and the time per query (median of 5
// after a warm-up). Run: npx tsx scripts/search-table.ts   (builds the gazetteer file first if stale)
import { cpus } from "node:os";
import { defaultPaths, loadGazetteer } from "../src/providers/places/gazetteer/load";
import { kmToNearest } from "../src/providers/places/trip-area";
import type { LatLng } from "../src/providers/places/types";

const TRIPS: Record<string, LatLng[]> = {
  // The city's centre, then three places a group would have proposed.
  Kyoto: [
    { lat: 35.0116, lng: 135.7681 },
    { lat: 35.0394, lng: 135.7292 }, // Kinkaku-ji
    { lat: 34.9671, lng: 135.7727 }, // Fushimi Inari Taisha
    { lat: 35.0037, lng: 135.7788 }, // Gion
  ],
  Paris: [
    { lat: 48.8566, lng: 2.3522 },
    { lat: 48.8584, lng: 2.2945 }, // Eiffel Tower
    { lat: 48.853, lng: 2.3499 }, // Notre-Dame
    { lat: 48.8738, lng: 2.295 }, // Arc de Triomphe
  ],
  "New York City": [
    { lat: 40.7128, lng: -74.006 },
    { lat: 40.758, lng: -73.9855 }, // Times Square
    { lat: 40.6892, lng: -74.0445 }, // Statue of Liberty
    { lat: 40.7829, lng: -73.9654 }, // Central Park
  ],
  Bangkok: [
    { lat: 13.7563, lng: 100.5018 },
    { lat: 13.7437, lng: 100.4888 }, // Wat Arun
    { lat: 13.7999, lng: 100.5505 }, // Chatuchak Weekend Market
    { lat: 13.7314, lng: 100.5414 }, // Lumphini Park
  ],
  Rome: [
    { lat: 41.9028, lng: 12.4964 },
    { lat: 41.8986, lng: 12.4769 }, // Pantheon
    { lat: 41.9022, lng: 12.4539 }, // St. Peter's Basilica
    { lat: 41.906, lng: 12.4828 }, // Spanish Steps
  ],
};

// Partial, unaccented or ambiguous on purpose: what people type.
const QUERIES: [string, keyof typeof TRIPS][] = [
  ["Nanzen", "Kyoto"],
  ["Philosophers Path", "Kyoto"],
  ["Louvre", "Paris"],
  ["Sacre Coeur", "Paris"],
  ["Brooklyn Bridge", "New York City"],
  ["Met", "New York City"],
  ["Grand Palace", "Bangkok"],
  ["Wat Pho", "Bangkok"],
  ["Colosseum", "Rome"],
  ["Trevi", "Rome"],
];
const RUNS = 5;
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

const started = performance.now();
const { gazetteer, built } = await loadGazetteer(defaultPaths());
const loadMs = performance.now() - started;

console.log("| query | city | top result | address | km from the trip | ms per query |");
console.log("|---|---|---|---|---:|---:|");
for (const [q, city] of QUERIES) {
  const trip = TRIPS[city]!;
  gazetteer.search(q, { trip }, 8); // warm-up
  const times: number[] = [];
  let top = gazetteer.search(q, { trip }, 8)[0];
  for (let i = 0; i < RUNS; i++) {
    const t = performance.now();
    top = gazetteer.search(q, { trip }, 8)[0];
    times.push(performance.now() - t);
  }
  const km = top ? kmToNearest(trip, top.lat, top.lng).toFixed(1) : "-";
  console.log(
    `| ${q} | ${city} | ${top?.name ?? "-"} | ${top?.address ?? "-"} | ${km} | ${median(times).toFixed(2)} |`,
  );
}
console.log(
  `\n${gazetteer.size} places; load ${loadMs.toFixed(0)} ms${built ? " (built the file first)" : ""}; Node ${process.version}, ${cpus()[0]?.model ?? "?"} x${cpus().length}`,
);
