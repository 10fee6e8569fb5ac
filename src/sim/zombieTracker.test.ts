import { describe, expect, it } from 'vitest';
import { finishZombies, newZombieTracker, stoppedBelieving, zombieGranted } from './zombieTracker';

/** The tracker's functions over one plain-data tracker. */
function trackerOf(replicaIds: readonly string[]) {
  const tracker = newZombieTracker(replicaIds);
  return {
    granted: (replicaIndex: number, grantId: number, atMs: number) =>
      zombieGranted(tracker, replicaIndex, grantId, atMs),
    stoppedBelieving: (replicaIndex: number, atMs: number) => stoppedBelieving(tracker, replicaIndex, atMs),
    finish: (atMs: number) => finishZombies(tracker, atMs),
    get windows() {
      return tracker.windows;
    },
  };
}

const A = 0;
const B = 1;
const C = 2;

describe('ZombieTracker', () => {
  it('a single holder that releases leaves no window', () => {
    const tracker = trackerOf(['A', 'B', 'C']);
    tracker.granted(A, 0, 100);
    tracker.stoppedBelieving(A, 200);
    tracker.granted(B, 1, 300);
    tracker.stoppedBelieving(B, 400);
    tracker.finish(1_000);
    expect(tracker.windows).toEqual([]);
  });

  it('S07: opens at the takeover and closes when the zombie stops believing', () => {
    const tracker = trackerOf(['A', 'B', 'C']);
    tracker.granted(A, 0, 7_200_002);
    tracker.granted(B, 1, 7_510_003);
    // B finishes first; the window stays open while A still believes.
    tracker.stoppedBelieving(B, 7_630_000);
    expect(tracker.windows).toEqual([]);
    tracker.stoppedBelieving(A, 7_670_002);
    expect(tracker.windows).toEqual([
      { fromMs: 7_510_003, toMs: 7_670_002, replicas: ['A', 'B'], zombies: ['A'], takers: ['B'] },
    ]);
  });

  it('a chain of takeovers is one window until the last zombie stops', () => {
    const tracker = trackerOf(['A', 'B', 'C']);
    tracker.granted(A, 0, 100);
    tracker.granted(B, 1, 200);
    tracker.granted(C, 2, 300);
    tracker.stoppedBelieving(A, 400);
    expect(tracker.windows).toEqual([]);
    tracker.stoppedBelieving(B, 500);
    // B took the lock over A and then became a zombie itself when C took it over B.
    expect(tracker.windows).toEqual([
      { fromMs: 200, toMs: 500, replicas: ['A', 'B', 'C'], zombies: ['A', 'B'], takers: ['B', 'C'] },
    ]);
    tracker.stoppedBelieving(C, 600);
    expect(tracker.windows).toHaveLength(1);
  });

  it('the current holder stopping does not close the window; separate episodes give separate windows', () => {
    const tracker = trackerOf(['A', 'B']);
    tracker.granted(A, 0, 100);
    tracker.granted(B, 1, 200);
    tracker.stoppedBelieving(A, 300);
    tracker.granted(A, 2, 400);
    tracker.stoppedBelieving(B, 450);
    tracker.stoppedBelieving(A, 500);
    expect(tracker.windows).toEqual([
      { fromMs: 200, toMs: 300, replicas: ['A', 'B'], zombies: ['A'], takers: ['B'] },
      { fromMs: 400, toMs: 450, replicas: ['A', 'B'], zombies: ['B'], takers: ['A'] },
    ]);
  });

  it('finish closes a window still open at the end of the night', () => {
    const tracker = trackerOf(['A', 'B']);
    tracker.granted(A, 0, 100);
    tracker.granted(B, 1, 200);
    tracker.finish(9_000);
    expect(tracker.windows).toEqual([
      { fromMs: 200, toMs: 9_000, replicas: ['A', 'B'], zombies: ['A'], takers: ['B'] },
    ]);
    tracker.finish(10_000);
    expect(tracker.windows).toHaveLength(1);
  });

  it('stoppedBelieving for a replica that believes nothing is a no-op', () => {
    const tracker = trackerOf(['A', 'B']);
    tracker.granted(A, 0, 100);
    tracker.granted(B, 1, 200);
    tracker.stoppedBelieving(A, 300);
    tracker.stoppedBelieving(A, 350);
    expect(tracker.windows).toEqual([{ fromMs: 200, toMs: 300, replicas: ['A', 'B'], zombies: ['A'], takers: ['B'] }]);
  });
});
