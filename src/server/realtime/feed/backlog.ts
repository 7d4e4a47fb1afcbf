import type { PreparedEvent } from './event';

/**
 * What one connection is owed while it cannot be sent to (its socket has not drained), bounded: keyed events are kept
 * latest-per-key, and beyond `maxPlain` events that cannot be conflated the backlog is dropped and a gap declared
 * (`after` moves up), which the client fills from the log. A slow client gets the latest state, not a growing queue.
 */
export class Backlog {
  private readonly keyed = new Map<string, PreparedEvent>();
  private plain: PreparedEvent[] = [];

  /** `after`: the end of the last frame the connection was sent. */
  constructor(private after: number, private upTo: number, private readonly maxPlain: number) {}

  /** Events of the range up to `upTo` (ascending seq, all above the current end). */
  add(events: readonly PreparedEvent[], upTo: number): void {
    for (const e of events) {
      if (e.key === null) this.plain.push(e);
      else {
        // Re-inserted so the map keeps seq order.
        this.keyed.delete(e.key);
        this.keyed.set(e.key, e);
      }
    }
    this.upTo = Math.max(this.upTo, upTo);
    if (this.plain.length > this.maxPlain) this.declareGap(this.upTo);
  }

  /** Nothing up to `seq` is owed any more: the client is to fetch it from the log. */
  declareGap(seq: number): void {
    if (seq <= this.after) return;
    this.after = seq;
    this.upTo = Math.max(this.upTo, seq);
    this.plain = this.plain.filter((e) => e.seq > seq);
    for (const [key, e] of this.keyed) if (e.seq <= seq) this.keyed.delete(key);
  }

  get size(): number {
    return this.plain.length + this.keyed.size;
  }

  /** The frame that settles the backlog: its range and events, ascending seq. */
  frame(): { after: number; upTo: number; events: PreparedEvent[] } {
    const events = [...this.plain, ...this.keyed.values()].sort((a, b) => a.seq - b.seq);
    return { after: this.after, upTo: this.upTo, events };
  }
}
