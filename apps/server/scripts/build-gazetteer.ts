// Compiles the offline gazetteer (cities, airports, castles, attractions) into
// gazetteer/data/places.bin. The server builds it on first use when missing or stale, but that
// takes a few seconds and ~300 MiB while it runs, so `npm run build` does it ahead of time.
// Run: npx tsx scripts/build-gazetteer.ts [--force]
import { existsSync, readFileSync } from "node:fs";
import { readHeader } from "../src/providers/places/gazetteer/format";
import { buildGazetteerFile, defaultPaths, sourcesFingerprint } from "../src/providers/places/gazetteer/load";

const paths = defaultPaths();
const fingerprint = sourcesFingerprint(paths.sourcesDir);
const current =
  existsSync(paths.file) && readHeader(readFileSync(paths.file))?.header.fingerprint === fingerprint;

if (current && !process.argv.includes("--force")) {
  console.log(`gazetteer up to date: ${paths.file}`);
} else {
  const started = performance.now();
  const { bytes, entries, problems } = await buildGazetteerFile(paths);
  // Skipped or trimmed entries of the hand-written attraction files (attractions.test.ts fails on them).
  if (problems.length)
    console.warn(`${problems.length} problems in the source files:\n  ${problems.join("\n  ")}`);
  console.log(
    `gazetteer built: ${entries} places, ${(bytes / 2 ** 20).toFixed(1)} MiB in ${((performance.now() - started) / 1000).toFixed(1)} s -> ${paths.file}`,
  );
}
