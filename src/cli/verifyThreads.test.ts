/**
 * A long check runs wholly on threads of its own (`exploreInThreads`, from
 * `THREADS_ONLY_FROM_NIGHTS` nights), `--workers 1` included: here the bound is lowered so a
 * small check takes that way, and its answer must be the one this thread gives alone.
 */
import type { WorkerOptions } from 'node:worker_threads';
import { describe, expect, it, vi } from 'vitest';
import type { ScenarioDocument } from '../model/scenarioSchema';
import { findPreset } from '../presets/catalogue';
import { VERIFY_BOUNDS_DEFAULT } from '../verify/verifyBounds';
import { type VerifyOptions, type VerifyProgress, verifyDesign } from '../verify/verifyDesign';
import { exploreInThreads } from './verifyThreads';

/** The options of every thread the check started, read off `node:worker_threads`' real Worker. */
const started = vi.hoisted(() => [] as (WorkerOptions | undefined)[]);
vi.mock('node:worker_threads', async (importOriginal) => {
  const real = await importOriginal<typeof import('node:worker_threads')>();
  class CountedWorker extends real.Worker {
    constructor(filename: string | URL, options?: WorkerOptions) {
      started.push(options);
      super(filename, options);
    }
  }
  return { ...real, Worker: CountedWorker };
});

const unfenced = findPreset('s07-fencing-off')?.document as ScenarioDocument;
const SMALL: VerifyOptions = {
  ...VERIFY_BOUNDS_DEFAULT,
  gridMs: 120_000,
  durationsMs: [300_000],
  fresh: true,
  countAll: true,
};

describe('a check on threads of its own', { timeout: 120_000 }, () => {
  const here = verifyDesign(unfenced, SMALL);

  it.each([1, 2])('gives the answer this thread gives alone, on %i thread(s), and tells its progress', (workers) => {
    const told: VerifyProgress[] = [];
    started.length = 0;
    const onThreads = verifyDesign(unfenced, SMALL, {
      explore: exploreInThreads(unfenced, SMALL, workers, (progress) => told.push(progress), 0),
    });
    expect(onThreads).toStrictEqual(here);
    expect(here.failingNights).toBeGreaterThan(1);
    const last = told.at(-1);
    expect(last?.nightsChecked).toBe(here.nightsCovered);
    expect(last?.nightsTotal).toBe(here.nightsCovered);
    // Every share on a thread of its own, each with the larger young generation.
    expect(started.map((options) => options?.resourceLimits?.maxYoungGenerationSizeMb)).toEqual(
      Array.from({ length: workers }, () => 96),
    );
  });
});
