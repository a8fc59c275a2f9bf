/** Byte strings stored end to end in sorted order (one offsets array); binary search by prefix. */
export class SortedKeys {
  readonly bytes: Buffer;
  constructor(
    readonly start: Uint32Array,
    bytes: Uint8Array,
  ) {
    this.bytes = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  }

  get length() {
    return this.start.length - 1;
  }

  keyLength(i: number) {
    return this.start[i + 1]! - this.start[i]!;
  }

  key(i: number): string {
    return this.bytes.toString("utf8", this.start[i], this.start[i + 1]);
  }

  /** First index whose key is >= q. */
  lowerBound(q: Uint8Array): number {
    let lo = 0;
    let hi = this.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (this.bytes.compare(q, 0, q.length, this.start[mid], this.start[mid + 1]) < 0) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  /** [from, to) of the keys that start with q. */
  prefixRange(q: Uint8Array): [number, number] {
    // No UTF-8 byte is 0xff, so q + 0xff sorts after every key that starts with q.
    const upper = new Uint8Array(q.length + 1);
    upper.set(q);
    upper[q.length] = 0xff;
    return [this.lowerBound(q), this.lowerBound(upper)];
  }
}
