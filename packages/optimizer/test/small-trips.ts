/** Small random trips and their exact MIP (CPLEX LP text) for the HiGHS oracle. */
import { compile } from "../src/build";
import { Rng } from "../src/rng";
import { weekdayOf } from "../src/time";
import type { Problem } from "../src/types";

/** A random small trip: up to 12 places, 2 days, one opening window per place and day (or closed). */
export function smallTrip(seed: number): Problem {
  const rng = new Rng(seed);
  const n = rng.int(4, 12);
  const members = Array.from({ length: rng.int(1, 3) }, (_, i) => `m${i}`);
  const locations = [
    { id: "hotel", lat: 35.68, lng: 139.76 },
    { id: "station", lat: 35.69 + rng.next() * 0.02, lng: 139.7 + rng.next() * 0.05 },
  ];
  const dates = ["2026-05-04", "2026-05-05"];
  const places = Array.from({ length: n }, (_, i) => {
    locations.push({ id: `L${i}`, lat: 35.66 + rng.next() * 0.06, lng: 139.7 + rng.next() * 0.1 });
    const open: Record<string, [string, string][]> = {};
    for (const date of dates) {
      if (rng.next() < 0.15) continue;
      const from = rng.int(9, 15);
      open[weekdayOf(date)] = [
        [`${String(from).padStart(2, "0")}:00`, `${String(from + rng.int(2, 6)).padStart(2, "0")}:00`],
      ];
    }
    const wishes: Record<string, number> = {};
    for (const m of members) if (rng.next() < 0.6) wishes[m] = rng.int(1, 5);
    return { id: `p${i}`, location: `L${i}`, stayMinutes: rng.int(2, 8) * 15, wishes, open };
  });
  return {
    members,
    locations,
    mode: "public_transport",
    places,
    days: [
      { date: dates[0]!, start: "09:00", end: `${rng.int(15, 19)}:00`, from: "hotel", to: "hotel" },
      { date: dates[1]!, start: "10:00", end: `${rng.int(15, 19)}:00`, from: "hotel", to: "station" },
    ],
    settings: { fairnessWeight: 0, includeMeals: false },
    seed,
  };
}

/**
 * The exact TOPTW model of a compiled trip as CPLEX LP text: arcs x_k_i_j per day, y_k_i per visit,
 * start times T_i with big-M precedence (which also rules out subtours, every stay being > 0).
 */
export function mipOf(problem: Problem): string {
  const { model } = compile(problem);
  const n = model.places;
  const M = 4000;
  const c = (a: number, b: number) => model.travel[a * model.locations + b]!;
  const profit = (i: number) => {
    let s = 0;
    for (let k = model.wishPtr[i]!; k < model.wishPtr[i + 1]!; k++) s += model.wishValue[k]!;
    return s;
  };
  const rows: string[] = [];
  const bins: string[] = [];
  const obj: string[] = [];
  const win = (k: number, i: number) => {
    const w = model.winPtr[k * n + i]!;
    return w < model.winPtr[k * n + i + 1]! ? ([model.winOpen[w]!, model.winLatest[w]!] as const) : null;
  };
  for (let i = 0; i < n; i++)
    rows.push(`${Array.from({ length: model.tours }, (_, k) => `y_${k}_${i}`).join(" + ")} <= 1`);
  for (let k = 0; k < model.tours; k++) {
    const from = model.tourFrom[k]!;
    const to = model.tourTo[k]!;
    const start = model.tourStart[k]!;
    const end = model.tourEnd[k]!;
    const x = (i: string | number, j: string | number) => {
      const name = `x_${k}_${i}_${j}`;
      bins.push(name);
      return name;
    };
    rows.push(`${[x("s", "e"), ...Array.from({ length: n }, (_, j) => `x_${k}_s_${j}`)].join(" + ")} = 1`);
    rows.push(`${[`x_${k}_s_e`, ...Array.from({ length: n }, (_, i) => `x_${k}_${i}_e`)].join(" + ")} = 1`);
    for (let i = 0; i < n; i++) {
      bins.push(`y_${k}_${i}`);
      obj.push(`${profit(i)} y_${k}_${i}`);
      const w = win(k, i);
      if (!w) rows.push(`y_${k}_${i} = 0`);
      const outs = [
        x(i, "e"),
        ...Array.from({ length: n }, (_, j) => j)
          .filter((j) => j !== i)
          .map((j) => x(i, j)),
      ];
      rows.push(`${outs.join(" + ")} - y_${k}_${i} = 0`);
      const ins = [
        x("s", i),
        ...Array.from({ length: n }, (_, h) => h)
          .filter((h) => h !== i)
          .map((h) => `x_${k}_${h}_${i}`),
      ];
      rows.push(`${ins.join(" + ")} - y_${k}_${i} = 0`);
      // Leaving the start point at its time: T_i >= start + c(from, i) when first.
      rows.push(`T_${i} - ${M} x_${k}_s_${i} >= ${start + c(from, model.loc[i]!) - M}`);
      // Back in time: T_i + s_i + c(i, to) <= end when last.
      rows.push(`T_${i} + ${M} x_${k}_${i}_e <= ${end - model.service[i]! - c(model.loc[i]!, to) + M}`);
      for (let j = 0; j < n; j++) {
        if (j === i) continue;
        rows.push(
          `T_${j} - T_${i} - ${M} x_${k}_${i}_${j} >= ${model.service[i]! + c(model.loc[i]!, model.loc[j]!) - M}`,
        );
      }
    }
  }
  // Windows of the day actually used: open <= T_i <= latest.
  for (let i = 0; i < n; i++) {
    const lo: string[] = [];
    const hi: string[] = [];
    for (let k = 0; k < model.tours; k++) {
      const w = win(k, i);
      if (!w) continue;
      lo.push(`- ${w[0]} y_${k}_${i}`);
      hi.push(`- ${w[1] - M} y_${k}_${i}`);
    }
    if (lo.length) rows.push(`T_${i} ${lo.join(" ")} >= 0`);
    rows.push(`T_${i} ${hi.join(" ")} <= ${M}`);
  }
  const bounds = Array.from({ length: n }, (_, i) => ` 0 <= T_${i} <= ${M}`);
  return `Maximize\n obj: ${obj.join(" + ") || "0 y_0_0"}\nSubject To\n${rows.map((r, i) => ` c${i}: ${r}`).join("\n")}\nBounds\n${bounds.join("\n")}\nBinary\n ${[...new Set(bins)].concat(Array.from({ length: model.tours * n }, (_, q) => `y_${Math.floor(q / n)}_${q % n}`)).join(" ")}\nEnd\n`;
}
