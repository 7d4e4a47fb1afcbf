/**
 * Puts a tenant's events back in seq order. They reach the hub out of order (concurrent commits run their after-commit
 * callbacks in any order; other instances' events come through Redis), and a frame may only claim a range once every
 * event in it is here. A seq that does not come within `holeMs` of the events after it (a writer that died between
 * commit and push) is given up: the range moves past it and `holeUpTo` tells the frames, whose `after` then shows the
 * client a gap to catch up from the database.
 */
export interface ReorderSettings {
  /** How long events after a missing seq wait for it. */
  holeMs: number;
  /**
   * How long a tenant's first events wait before the first of them is taken as the start: a later-committed event can
   * arrive first, and the earlier one must not then fall below the start.
   */
  settleMs: number;
}

export interface Release<T> {
  /** The events now in order, ascending seq: every seq in (previous upTo, upTo] but those given up. */
  events: T[];
  upTo: number;
  /** The highest seq given up so far (0: none): frames must not claim to cover it. */
  holeUpTo: number;
}

export class ReorderBuffer<T extends { seq: number }> {
  private readonly waiting = new Map<number, { item: T; arrivedAt: number }>();
  /** The next seq to release; null until the start is known. */
  private next: number | null = null;
  private firstArrivalAt: number | null = null;
  private holeUpTo = 0;

  constructor(private readonly settings: ReorderSettings) {}

  /** Everything released so far ends here (null before the first release). */
  get releasedUpTo(): number | null {
    return this.next === null ? null : this.next - 1;
  }

  get hasWaiting(): boolean {
    return this.waiting.size > 0;
  }

  /** Takes an event; one already released (or given up) or already held is dropped, and false returned. */
  add(item: T, now: number): boolean {
    if ((this.next !== null && item.seq < this.next) || this.waiting.has(item.seq)) return false;
    this.waiting.set(item.seq, { item, arrivedAt: now });
    this.firstArrivalAt ??= now;
    return true;
  }

  /** The events that are now in order, or null when none are. */
  release(now: number): Release<T> | null {
    if (this.waiting.size === 0) return null;
    if (this.next === null) {
      if (now - this.firstArrivalAt! < this.settings.settleMs) return null;
      this.next = Math.min(...this.waiting.keys());
    }
    const events: T[] = [];
    for (;;) {
      let held = this.waiting.get(this.next);
      while (held) {
        events.push(held.item);
        this.waiting.delete(this.next);
        this.next += 1;
        held = this.waiting.get(this.next);
      }
      if (this.waiting.size === 0 || now - this.oldestArrival() < this.settings.holeMs) break;
      // The missing seqs are given up: whoever may have seen them catches up from the log.
      const resume = Math.min(...this.waiting.keys());
      this.holeUpTo = resume - 1;
      this.next = resume;
    }
    if (events.length === 0) return null;
    return { events, upTo: this.next - 1, holeUpTo: this.holeUpTo };
  }

  private oldestArrival(): number {
    let oldest = Infinity;
    for (const { arrivedAt } of this.waiting.values()) oldest = Math.min(oldest, arrivedAt);
    return oldest;
  }
}
