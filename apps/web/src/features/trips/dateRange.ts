export interface Range {
  from?: Date;
  to?: Date;
}

/**
 * Spec 1 'Date picking': the first click sets the start, the second the end (swapped when earlier),
 * a click when both are set starts again. Returns the new range and whether it is complete.
 */
export function nextRange(current: Range, clicked: Date): { range: Range; complete: boolean } {
  if (!current.from || current.to) return { range: { from: clicked }, complete: false };
  if (clicked < current.from) return { range: { from: clicked, to: current.from }, complete: true };
  return { range: { from: current.from, to: clicked }, complete: true };
}

export const toIsoDate = (d: Date) =>
  `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, "0")}-${String(d.getDate()).padStart(2, "0")}`;

export const fromIsoDate = (s: string) => {
  const [y, m, d] = s.split("-").map(Number) as [number, number, number];
  return new Date(y, m - 1, d);
};
