/**
 * A bounded, append-only log with increasing sequence numbers: the oldest entries go first once
 * it holds more than `maxEntries` entries or more than `maxBytes` bytes (each entry's own
 * estimate). Readers page with `after(seq)`; a reader that fell behind the ring simply misses
 * what was dropped.
 */

/** An entry as the ring stores it: its sequence number and its size estimate. */
export interface RingEntry {
  seq: number;
}

/** Caps of one ring. */
export interface RingCaps {
  maxEntries: number;
  maxBytes: number;
}

export class LogRing<T extends RingEntry> {
  private entries: T[] = [];
  private sizes: number[] = [];
  /** Index of the first live entry (the array is compacted now and then, not on every drop). */
  private head = 0;
  private bytes = 0;
  private nextSeq = 1;

  constructor(private readonly caps: RingCaps) {}

  /** The sequence number the next entry gets. */
  allocateSeq(): number {
    return this.nextSeq++;
  }

  /** Appends `entry` (whose `seq` came from `allocateSeq`), costing `bytes`; drops the oldest past the caps. */
  push(entry: T, bytes: number): void {
    this.entries.push(entry);
    this.sizes.push(bytes);
    this.bytes += bytes;
    while (this.size > this.caps.maxEntries || (this.bytes > this.caps.maxBytes && this.size > 1)) {
      this.bytes -= this.sizes[this.head] ?? 0;
      this.head += 1;
    }
    if (this.head > 1_024 && this.head * 2 > this.entries.length) {
      this.entries = this.entries.slice(this.head);
      this.sizes = this.sizes.slice(this.head);
      this.head = 0;
    }
  }

  /** Entries kept now. */
  get size(): number {
    return this.entries.length - this.head;
  }

  /** The bytes the kept entries cost (their estimates). */
  get heldBytes(): number {
    return this.bytes;
  }

  /** Kept entries with `seq > afterSeq` that pass `keep`, oldest first, at most the newest `limit`. */
  query(afterSeq: number, keep: (entry: T) => boolean, limit: number): T[] {
    const found: T[] = [];
    // Newest first, so a limit keeps the newest; reversed at the end.
    for (let index = this.entries.length - 1; index >= this.head && found.length < limit; index--) {
      const entry = this.entries[index] as T;
      if (entry.seq <= afterSeq) break;
      if (keep(entry)) found.push(entry);
    }
    return found.reverse();
  }
}
