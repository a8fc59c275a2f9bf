// A fixed lat/lng grid over a set of points (compressed rows: one offsets array, one items array),
// enough for "nearest city" without a tree library.

const EARTH_KM = 6371;
const RAD = Math.PI / 180;

export function distanceKm(lat1: number, lng1: number, lat2: number, lng2: number): number {
  const dLat = (lat2 - lat1) * RAD;
  const dLng = (lng2 - lng1) * RAD;
  const a = Math.sin(dLat / 2) ** 2 + Math.cos(lat1 * RAD) * Math.cos(lat2 * RAD) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_KM * Math.asin(Math.min(1, Math.sqrt(a)));
}

export class PointGrid {
  private readonly rows: number;
  private readonly cols: number;
  private readonly start: Uint32Array;
  private readonly items: Uint32Array;

  /** `points` are indices into lat/lng; cellDeg 0.5 is ~55 km north-south. */
  constructor(
    private readonly lat: ArrayLike<number>,
    private readonly lng: ArrayLike<number>,
    points: ArrayLike<number>,
    private readonly cellDeg = 0.5,
  ) {
    this.rows = Math.ceil(180 / cellDeg);
    this.cols = Math.ceil(360 / cellDeg);
    const counts = new Uint32Array(this.rows * this.cols + 1);
    for (let i = 0; i < points.length; i++) counts[this.cellOf(points[i]!) + 1]!++;
    for (let c = 1; c < counts.length; c++) counts[c]! += counts[c - 1]!;
    this.start = counts;
    this.items = new Uint32Array(points.length);
    const fill = counts.slice(0, -1);
    for (let i = 0; i < points.length; i++) {
      const p = points[i]!;
      this.items[fill[this.cellOf(p)]!++] = p;
    }
  }

  private row(lat: number) {
    return Math.min(this.rows - 1, Math.max(0, Math.floor((lat + 90) / this.cellDeg)));
  }
  private col(lng: number) {
    return (((Math.floor((lng + 180) / this.cellDeg) % this.cols) + this.cols) % this.cols) | 0;
  }
  private cellOf(p: number) {
    return this.row(this.lat[p]!) * this.cols + this.col(this.lng[p]!);
  }

  /** Calls visit(point, km) for every point within maxKm (the cells around, then the exact distance). */
  within(lat: number, lng: number, maxKm: number, visit: (point: number, km: number) => void): void {
    const dRow = Math.ceil(maxKm / 111 / this.cellDeg);
    const cosLat = Math.max(0.01, Math.cos(Math.min(89, Math.abs(lat)) * RAD));
    const dCol = Math.min(Math.floor((this.cols - 1) / 2), Math.ceil(maxKm / (111 * cosLat) / this.cellDeg));
    const r0 = this.row(lat);
    const c0 = this.col(lng);
    for (let r = Math.max(0, r0 - dRow); r <= Math.min(this.rows - 1, r0 + dRow); r++) {
      for (let dc = -dCol; dc <= dCol; dc++) {
        const cell = r * this.cols + ((((c0 + dc) % this.cols) + this.cols) % this.cols);
        for (let k = this.start[cell]!; k < this.start[cell + 1]!; k++) {
          const p = this.items[k]!;
          const km = distanceKm(lat, lng, this.lat[p]!, this.lng[p]!);
          if (km <= maxKm) visit(p, km);
        }
      }
    }
  }

  nearest(lat: number, lng: number, maxKm: number): { point: number; km: number } | null {
    let best: { point: number; km: number } | null = null;
    this.within(lat, lng, maxKm, (point, km) => {
      if (!best || km < best.km) best = { point, km };
    });
    return best;
  }
}
