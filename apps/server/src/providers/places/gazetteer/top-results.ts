/** The best `size` entries by score, one slot per entry (an entry reached by several keys counts once). */
export class TopResults {
  readonly entries: number[] = [];
  readonly scores: number[] = [];
  private min = Number.NEGATIVE_INFINITY;

  constructor(private readonly size: number) {}

  get full() {
    return this.entries.length >= this.size;
  }

  offer(entry: number, score: number): void {
    // When full, a score at or below the worst cannot enter nor improve an entry already in.
    if (this.full && score <= this.min) return;
    const at = this.entries.indexOf(entry);
    if (at !== -1) {
      if (score > this.scores[at]!) this.scores[at] = score;
    } else if (!this.full) {
      this.entries.push(entry);
      this.scores.push(score);
    } else {
      const worst = this.worstIndex();
      this.entries[worst] = entry;
      this.scores[worst] = score;
    }
    if (this.full) this.min = this.scores[this.worstIndex()]!;
  }

  private worstIndex(): number {
    let worst = 0;
    for (let i = 1; i < this.scores.length; i++) if (this.scores[i]! < this.scores[worst]!) worst = i;
    return worst;
  }

  /** Entries best first; ties go to the lower entry index, so results are stable. */
  sorted(): number[] {
    return this.entries
      .map((entry, i) => ({ entry, score: this.scores[i]! }))
      .sort((a, b) => b.score - a.score || a.entry - b.entry)
      .map((x) => x.entry);
  }
}
