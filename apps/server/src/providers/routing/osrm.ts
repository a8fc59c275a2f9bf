import { type LatLng, TRAVEL_MODEL, type TravelMode, travelMinutes } from "@tabi/optimizer";
import { ExpiringCache } from "./cache";
import { modelMatrix } from "./model";
import type { RoutingProvider, WarnLog } from "./types";

/**
 * OSRM profiles by mode. Public transport has no OSRM profile (OSRM routes on the street network
 * only, without timetables), so it keeps the model; so do flights.
 */
const PROFILES: Partial<Record<TravelMode, "foot" | "driving">> = {
  walking: "foot",
  car: "driving",
  taxi: "driving",
};

export interface OsrmOptions {
  /** e.g. http://router.example:5000 (a path prefix is kept). */
  url: string;
  log: WarnLog;
  fetch?: (url: string, init?: RequestInit) => Promise<Response>;
  /** For the whole matrix, chunks included: a slow router must not hold the optimisation. */
  timeoutMs?: number;
  /** OSRM's `--max-table-size` (default 100): the most coordinates sent in one request. */
  maxTableSize?: number;
  /** Requests in flight at once when a matrix is chunked. */
  concurrency?: number;
  cacheSize?: number;
  cacheTtlMs?: number;
  now?: () => number;
}

type Seconds = (number | null)[][];

/** One request: coordinates (indices into the caller's points) and which of them are rows and columns. */
interface Block {
  coordinates: number[];
  rows: number[];
  columns: number[];
  /** `sources` and `destinations` parameters; absent when every coordinate is both. */
  sources?: number[];
  destinations?: number[];
}

/** Blocks of at most `max` coordinates that together cover every (row, column) pair. */
export function tableBlocks(n: number, max: number): Block[] {
  const all = Array.from({ length: n }, (_, i) => i);
  if (n <= max) return [{ coordinates: all, rows: all, columns: all }];
  const size = Math.floor(max / 2);
  const chunks: number[][] = [];
  for (let i = 0; i < n; i += size) chunks.push(all.slice(i, i + size));
  return chunks.flatMap((rows, r) =>
    chunks.map((columns, c) => {
      if (r === c) return { coordinates: rows, rows, columns };
      const coordinates = [...rows, ...columns];
      return {
        coordinates,
        rows,
        columns,
        sources: rows.map((_, k) => k),
        destinations: columns.map((_, k) => rows.length + k),
      };
    }),
  );
}

/** OSRM takes longitude first; 6 decimals are ~10 cm. */
const coordinate = (p: LatLng) => `${Number(p.lng.toFixed(6))},${Number(p.lat.toFixed(6))}`;

export function tableUrl(base: string, profile: string, points: readonly LatLng[], block: Block): string {
  const query = new URLSearchParams({ annotations: "duration" });
  if (block.sources) query.set("sources", block.sources.join(";"));
  if (block.destinations) query.set("destinations", block.destinations.join(";"));
  const coords = block.coordinates.map((i) => coordinate(points[i]!)).join(";");
  // URLSearchParams escapes ';' as %3B, which OSRM does not read; the values hold only digits and ';'.
  return `${base.replace(/\/+$/, "")}/table/v1/${profile}/${coords}?${query.toString().replaceAll("%3B", ";")}`;
}

/** The durations of one answer, checked against the block's shape. */
function readDurations(body: unknown, block: Block): Seconds {
  const answer = body as { code?: unknown; message?: unknown; durations?: unknown };
  if (answer?.code !== "Ok")
    throw new Error(`OSRM answered ${String(answer?.code)}: ${String(answer?.message)}`);
  const rows = answer.durations;
  const cellOk = (v: unknown) => v === null || (typeof v === "number" && Number.isFinite(v) && v >= 0);
  if (
    !Array.isArray(rows) ||
    rows.length !== block.rows.length ||
    rows.some((row) => !Array.isArray(row) || row.length !== block.columns.length || !row.every(cellOk))
  )
    throw new Error(`OSRM answered durations that are not ${block.rows.length}×${block.columns.length}`);
  return rows as Seconds;
}

async function fetchBlock(
  fetcher: NonNullable<OsrmOptions["fetch"]>,
  url: string,
  block: Block,
  signal: AbortSignal,
): Promise<Seconds> {
  const res = await fetcher(url, { signal, headers: { accept: "application/json" } });
  const text = await res.text();
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    throw new Error(`OSRM answered ${res.status} with something that is not JSON`);
  }
  // OSRM's errors (NoSegment, TooBig, InvalidQuery) come as 400 with a JSON body naming the code.
  if (!res.ok && (body as { code?: unknown })?.code === undefined)
    throw new Error(`OSRM answered ${res.status}`);
  return readDurations(body, block);
}

/** Runs `tasks` with at most `limit` in flight; the first failure fails the whole. */
async function pool<T>(tasks: (() => Promise<T>)[], limit: number): Promise<T[]> {
  const results: T[] = new Array(tasks.length);
  let next = 0;
  const worker = async () => {
    while (next < tasks.length) {
      const i = next++;
      results[i] = await tasks[i]!();
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, tasks.length) }, worker));
  return results;
}

/**
 * Minutes from OSRM's seconds. A driving leg adds the model's car-park (or taxi) minutes, since OSRM
 * times the wheels only, and is walked when the model's walk is quicker, as the embedded model does.
 * A pair OSRM cannot route (null: an island, a pedestrian zone) takes the model's value.
 */
function toMinutes(seconds: Seconds, points: readonly LatLng[], mode: TravelMode): number[][] {
  const extra = mode === "car" || mode === "taxi" ? TRAVEL_MODEL.roadOverheadMinutes[mode] : 0;
  return seconds.map((row, i) =>
    row.map((s, j) => {
      if (i === j) return 0;
      const a = points[i]!;
      const b = points[j]!;
      if (s === null) return travelMinutes(a, b, mode);
      const routed = Math.ceil(s / 60 + extra - 1e-9);
      return extra > 0 ? Math.min(routed, travelMinutes(a, b, "walking")) : routed;
    }),
  );
}

/**
 * OSRM's Table service (`ROUTING_URL`). Matrices above `maxTableSize` points go in blocks; any failure
 * (network, timeout, 4xx/5xx, a wrong answer) gives the model's matrix and a warning, never an error.
 * Answers are kept briefly by profile and point list.
 */
export function osrmRouting(options: OsrmOptions): RoutingProvider {
  const {
    url,
    log,
    fetch: fetcher = globalThis.fetch,
    timeoutMs = 4000,
    maxTableSize = 100,
    concurrency = 4,
  } = options;
  const cache = new ExpiringCache<Seconds>(
    options.cacheSize ?? 32,
    options.cacheTtlMs ?? 10 * 60_000,
    options.now,
  );

  return {
    name: "osrm",
    async matrix(points, mode, { signal } = {}) {
      const profile = PROFILES[mode];
      if (!profile || points.length < 2 || signal?.aborted) return modelMatrix(points, mode);
      const key = `${profile}|${points.map(coordinate).join(";")}`;
      const cached = cache.get(key);
      if (cached) return toMinutes(cached, points, mode);

      const deadline = AbortSignal.timeout(timeoutMs);
      // A failed block stops the others.
      const failed = new AbortController();
      const both = AbortSignal.any([deadline, failed.signal, ...(signal ? [signal] : [])]);
      try {
        const blocks = tableBlocks(points.length, maxTableSize);
        const answers = await pool(
          blocks.map(
            (block) => () => fetchBlock(fetcher, tableUrl(url, profile, points, block), block, both),
          ),
          concurrency,
        );
        const seconds: Seconds = points.map(() => new Array(points.length).fill(null));
        blocks.forEach((block, b) => {
          block.rows.forEach((i, r) => {
            block.columns.forEach((j, c) => {
              seconds[i]![j] = answers[b]![r]![c]!;
            });
          });
        });
        cache.set(key, seconds);
        return toMinutes(seconds, points, mode);
      } catch (err) {
        failed.abort();
        // The caller gave up: it wants no answer and no warning.
        if (!signal?.aborted) {
          const reason = deadline.aborted
            ? `no answer within ${timeoutMs} ms`
            : err instanceof Error
              ? err.message
              : String(err);
          log.warn(
            { reason, points: points.length, profile },
            "routing server failed; using the travel model",
          );
        }
        return modelMatrix(points, mode);
      }
    },
  };
}
