// When the server last confirmed a change made from this browser (ms since the epoch), per trip (the
// path's /api/trips/{id}/...) and for everything else, in localStorage: written synchronously, so it
// survives a reload that comes before the kept cache's next save. With a network, a kept query older
// than the change that concerns it is not shown on a reload (persist.ts withoutOutdated).

const KEY = "tabi.confirmedWrites";
const GLOBAL = "*";
const KEEP_MS = 7 * 24 * 60 * 60 * 1000;
const TRIP_PATH = /^\/api\/trips\/([0-9a-f-]{36})(\/|$|\?)/i;

type Stamps = Record<string, number>;

function read(): Stamps {
  try {
    const value = JSON.parse(localStorage.getItem(KEY) ?? "{}") as unknown;
    return value && typeof value === "object" ? (value as Stamps) : {};
  } catch {
    return {};
  }
}

/** The server confirmed a change made through `path` (a trip's, or anything else). */
export function noteConfirmedWrite(path: string, at = Date.now()): void {
  const stamps = read();
  stamps[TRIP_PATH.exec(path)?.[1]?.toLowerCase() ?? GLOBAL] = at;
  for (const [scope, when] of Object.entries(stamps)) if (at - when > KEEP_MS) delete stamps[scope];
  try {
    localStorage.setItem(KEY, JSON.stringify(stamps));
  } catch {
    // storage blocked: nothing is kept across starts either
  }
}

/**
 * When the last confirmed change that a query's data may predate was made: the latest of the changes
 * outside trips and those of the trip its key names. Null: none.
 */
export function lastConfirmedWriteFor(queryKey: readonly unknown[], stamps = read()): number | null {
  let latest = stamps[GLOBAL] ?? null;
  for (const part of queryKey) {
    const at = typeof part === "string" ? stamps[part.toLowerCase()] : undefined;
    if (at !== undefined && (latest === null || at > latest)) latest = at;
  }
  return latest;
}

export const confirmedWrites = read;
