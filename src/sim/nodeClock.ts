/**
 * A node's clocks (docs/model.md §2): the wall clock `W(T) = T + offset + drift·(T − T₀) + Σ jumps`
 * and the monotonic clock `M(T) = T + drift·(T − T₀)`, both in integer milliseconds, with `T₀`
 * the start of the window. Every clock jump of the night is known before the simulation starts
 * (they are user events), so a timer "when W reaches x" is solved directly for its true time;
 * this gives the same answer as re-computing timers after each jump.
 */

export interface ClockJump {
  readonly atMs: number;
  readonly byMs: number;
}

/** Pure; one per node (replica, `db`, `redis`). */
export class NodeClock {
  readonly #offsetMs: number;
  readonly #driftPpm: number;
  readonly #originMs: number;
  /** invariant: sorted by `atMs`, stable for equal instants. */
  readonly #jumps: readonly ClockJump[];

  constructor(offsetMs: number, driftPpm: number, originMs: number, jumps: readonly ClockJump[]) {
    // A rate error of a million ppm would stop the clock; the format keeps drift below it.
    if (!(Math.abs(driftPpm) < 1_000_000)) throw new Error(`drift ${driftPpm} ppm out of range`);
    this.#offsetMs = offsetMs;
    this.#driftPpm = driftPpm;
    this.#originMs = originMs;
    this.#jumps = [...jumps].sort((a, b) => a.atMs - b.atMs);
  }

  /** Monotonic clock reading at true time `trueMs`. */
  monotonicAt(trueMs: number): number {
    return trueMs + this.#driftMs(trueMs);
  }

  /** Wall-clock reading at true time `trueMs` (jumps at exactly `trueMs` included). */
  wallAt(trueMs: number): number {
    return trueMs + this.#offsetMs + this.#driftMs(trueMs) + this.#jumpSumMs(trueMs);
  }

  /** Smallest true time `T >= fromMs` with `wallAt(T) >= wallMs`. */
  trueTimeWhenWallReaches(wallMs: number, fromMs: number): number {
    let segmentStartMs = fromMs;
    let jumpIndex = 0;
    let jumpSumMs = 0;
    while (jumpIndex < this.#jumps.length && (this.#jumps[jumpIndex]?.atMs ?? 0) <= fromMs) {
      jumpSumMs += this.#jumps[jumpIndex]?.byMs ?? 0;
      jumpIndex += 1;
    }
    // Walk the segments between jumps; inside one the clock is non-decreasing.
    for (;;) {
      const nextJump = this.#jumps[jumpIndex];
      const segmentEndMs = nextJump ? nextJump.atMs : Number.POSITIVE_INFINITY;
      const found = this.#solveInSegment(wallMs - this.#offsetMs - jumpSumMs, segmentStartMs, segmentEndMs);
      if (found !== null) return found;
      if (!nextJump) throw new Error('unreachable: the last segment is unbounded');
      jumpSumMs += nextJump.byMs;
      segmentStartMs = nextJump.atMs;
      jumpIndex += 1;
    }
  }

  /** Smallest true time `T >= fromMs` with `monotonicAt(T) >= monotonicMs`. */
  trueTimeWhenMonotonicReaches(monotonicMs: number, fromMs: number): number {
    const found = this.#solveInSegment(monotonicMs, fromMs, Number.POSITIVE_INFINITY);
    if (found === null) throw new Error('unreachable: monotonic clock is unbounded');
    return found;
  }

  /** Smallest T in [startMs, endMs) with `T + drift(T) >= targetMs`, or null. */
  #solveInSegment(targetMs: number, startMs: number, endMs: number): number | null {
    // Two jumps at one instant leave an empty segment between them (found by a property test).
    if (startMs >= endMs) return null;
    if (startMs + this.#driftMs(startMs) >= targetMs) return startMs;
    const rate = 1 + this.#driftPpm / 1_000_000;
    let guessMs = Math.ceil((targetMs + (this.#driftPpm * this.#originMs) / 1_000_000) / rate);
    if (guessMs < startMs) guessMs = startMs;
    // Integer rounding of the drift term can leave the estimate a step or two off.
    for (let step = 0; step < 8 && guessMs > startMs && guessMs - 1 + this.#driftMs(guessMs - 1) >= targetMs; step++) {
      guessMs -= 1;
    }
    for (let step = 0; step < 8 && guessMs + this.#driftMs(guessMs) < targetMs; step++) guessMs += 1;
    if (guessMs + this.#driftMs(guessMs) < targetMs) throw new Error('clock solver did not converge');
    return guessMs < endMs ? guessMs : null;
  }

  #driftMs(trueMs: number): number {
    if (this.#driftPpm === 0) return 0;
    return Math.floor((this.#driftPpm * (trueMs - this.#originMs)) / 1_000_000);
  }

  #jumpSumMs(trueMs: number): number {
    let sumMs = 0;
    for (const jump of this.#jumps) {
      if (jump.atMs > trueMs) break;
      sumMs += jump.byMs;
    }
    return sumMs;
  }
}
