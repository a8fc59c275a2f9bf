import { PLACE_RESULT_KINDS } from "@tabi/contracts";
import { normalizeName, wordSuffixes } from "../normalize";
import { cityAddress } from "./country-names";
import { writeGazetteer } from "./format";
import type { PlaceRecord } from "./sources";

/** How a key names its entry; lower is a better match. */
export const KeyFlag = { primary: 0, alias: 1, word: 2, iata: 3 } as const;

/**
 * An entry's text: id, name, localName, address, countryCode, iata, openingHours, stayMinutes,
 * separated by FIELD_SEP, empty fields at the end left out. The id comes first so the id index can
 * compare it in place; an address that is just "name, country" (most cities) is left empty and
 * rebuilt when read.
 */
export const FIELD_SEP = "\x1f";

const HYPHEN = /[-‐‑]/;
const HYPHENS = /[-‐‑]/g;

/** Records -> the compiled file: entries, a sorted key index, a sorted id index. */
export function compileGazetteer(records: PlaceRecord[], fingerprint: string): Buffer {
  const n = records.length;
  const categories = [...new Set(records.map((r) => r.category))].sort();
  const kinds = [...PLACE_RESULT_KINDS];
  const lat = new Float32Array(n);
  const lng = new Float32Array(n);
  const importance = new Float32Array(n);
  const iataBoost = new Float32Array(n);
  const kind = new Uint8Array(n);
  const category = new Uint8Array(n);
  const texts: Buffer[] = [];
  const textStart = new Uint32Array(n + 1);
  const keys: { key: Buffer; entry: number; flag: number }[] = [];

  records.forEach((r, i) => {
    lat[i] = r.lat;
    lng[i] = r.lng;
    importance[i] = r.importance;
    iataBoost[i] = r.iataBoost;
    kind[i] = kinds.indexOf(r.kind);
    category[i] = categories.indexOf(r.category);
    const address = r.address === cityAddress(r.name, r.countryCode) ? "" : r.address;
    const fields = [
      r.id,
      r.name,
      r.localName ?? "",
      address,
      r.countryCode ?? "",
      r.iata ?? "",
      r.openingHours ?? "",
      r.stayMinutes ? String(r.stayMinutes) : "",
    ].map((f) => f.replaceAll(FIELD_SEP, " "));
    while (fields.length > 1 && fields.at(-1) === "") fields.pop();
    const text = Buffer.from(fields.join(FIELD_SEP), "utf8");
    texts.push(text);
    textStart[i + 1] = textStart[i]! + text.length;

    const seen = new Map<string, number>();
    const add = (key: string, flag: number) => {
      if (key && (seen.get(key) ?? 99) > flag) seen.set(key, flag);
    };
    const names = [r.name, ...r.aliases.filter((a) => a !== r.iata)];
    names.forEach((name, k) => {
      const key = normalizeName(name);
      add(key, k === 0 ? KeyFlag.primary : KeyFlag.alias);
      // Hyphens must not matter: "Tofukuji" and "Chionin" find Tōfuku-ji and Chion-in.
      if (HYPHEN.test(name)) add(normalizeName(name.replace(HYPHENS, "")), KeyFlag.alias);
      if (r.wordIndex) for (const w of wordSuffixes(key)) add(w, KeyFlag.word);
    });
    if (r.iata) add(r.iata.toLowerCase(), KeyFlag.iata);
    for (const [key, flag] of seen) keys.push({ key: Buffer.from(key, "utf8"), entry: i, flag });
  });

  keys.sort((a, b) => Buffer.compare(a.key, b.key) || a.flag - b.flag);
  const keyStart = new Uint32Array(keys.length + 1);
  const keyEntry = new Uint32Array(keys.length);
  const keyFlag = new Uint8Array(keys.length);
  keys.forEach((k, i) => {
    keyStart[i + 1] = keyStart[i]! + k.key.length;
    keyEntry[i] = k.entry;
    keyFlag[i] = k.flag;
  });

  const ids = records.map((r, i) => ({ id: Buffer.from(r.id, "utf8"), entry: i }));
  ids.sort((a, b) => Buffer.compare(a.id, b.id));
  const idEntry = Uint32Array.from(ids, (x) => x.entry);

  return writeGazetteer(
    { fingerprint, kinds, categories, counts: { entries: n, keys: keys.length } },
    {
      lat,
      lng,
      importance,
      iataBoost,
      kind,
      category,
      textStart,
      text: Buffer.concat(texts),
      keyStart,
      keyBytes: Buffer.concat(keys.map((k) => k.key)),
      keyEntry,
      keyFlag,
      idEntry,
    },
  );
}
