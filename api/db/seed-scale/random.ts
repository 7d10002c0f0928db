/** A seeded pseudo-random source (mulberry32): the same seed gives the same company on every run. */
export class Random {
  private state: number;

  constructor(seed: number) {
    this.state = seed >>> 0;
  }

  /** A number in [0, 1). */
  next(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }

  /** A whole number in [0, n). */
  int(n: number): number {
    return Math.floor(this.next() * n);
  }

  pick<T>(items: readonly T[]): T {
    return items[this.int(items.length)];
  }

  chance(p: number): boolean {
    return this.next() < p;
  }

  /** A version-4-shaped UUID drawn from this source (the server accepts only UUIDs as ids). */
  uuid(): string {
    const hex = (digits: number) => {
      let s = '';
      for (let i = 0; i < digits; i++) s += HEX[this.int(16)];
      return s;
    };
    return `${hex(8)}-${hex(4)}-4${hex(3)}-${HEX[8 + this.int(4)]}${hex(3)}-${hex(12)}`;
  }
}

const HEX = '0123456789abcdef';

/**
 * Splits `total` into `parts` counts that vary (0 to about twice the mean) yet add up exactly: each
 * draw aims at what is left over what is left to draw.
 */
export function* spread(random: Random, total: number, parts: number): Generator<number> {
  let left = total;
  for (let i = 0; i < parts; i++) {
    const remaining = parts - i;
    const n = remaining === 1 ? left : Math.min(left, Math.floor(random.next() * 2 * (left / remaining) + 0.5));
    left -= n;
    yield n;
  }
}
