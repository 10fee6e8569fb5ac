import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { scenarioArb } from '../../tests/arbitraries/scenarioArbitrary';
import { loadScenarioValue } from '../model/loadScenario';
import type { ScenarioDocument } from '../model/scenarioSchema';
import { PRESETS } from '../presets/catalogue';
import { unsupportedFeatures } from '../sim/supportedFeatures';
import { FAULT_KINDS, type FaultKind } from './faultKinds';
import { faultsFor } from './findFailure';
import { nightArbitrary } from './nightArbitrary';
import { loadNight, nightFile } from './nightFile';
import { searchSpace } from './searchSpace';

const SEED = 20261202;

describe('faultsFor', () => {
  it('offers each lock-specific fault only where the lock has it', () => {
    for (const preset of PRESETS) {
      const loaded = loadScenarioValue(preset.document, preset.id);
      if (!loaded.ok) throw new Error(preset.id);
      const lock = loaded.scenario.lock;
      const faults = faultsFor(preset.document as ScenarioDocument);
      const has = (kind: FaultKind) => faults.includes(kind);
      expect(has('redisFailover'), preset.id).toBe(lock.kind === 'redis' && lock.replica !== null);
      expect(has('killSession'), preset.id).toBe(lock.kind === 'advisory');
      expect(has('starveRenewer'), preset.id).toBe(
        (lock.kind === 'shedlock' && lock.keepAlive) || ['lease', 'etcd', 'zookeeper'].includes(lock.kind),
      );
      expect(has('partition'), preset.id).toBe(lock.kind !== 'none');
      expect(has('expireLock'), preset.id).toBe(lock.kind !== 'none' && lock.kind !== 'lease');
      expect(has('pauseBeforeWrite') && has('delayWrite'), preset.id).toBe(loaded.scenario.job.kind === 'reconcile');
      // Faults every night can have, in the order the command line lists them.
      expect(has('pause') && has('crash') && has('clockJump'), preset.id).toBe(true);
      expect(faults).toEqual(FAULT_KINDS.filter((kind) => faults.includes(kind)));
    }
  });

  it('names the kinds the flagship and the Redis failover night can break by', () => {
    const kinds = (id: string) => faultsFor(PRESETS.find((preset) => preset.id === id)?.document as ScenarioDocument);
    expect(kinds('s07-fencing-off')).toEqual([
      'pause',
      'pauseBeforeWrite',
      'crash',
      'clockJump',
      'delayWrite',
      'partition',
      'expireLock',
    ]);
    expect(kinds('s10-redis-failover')).toContain('redisFailover');
    expect(kinds('s01-no-lock')).not.toContain('partition');
  });

  it('every night generated from those faults is a valid file the engine accepts', () => {
    fc.assert(
      fc.property(
        scenarioArb().chain(({ document }) => {
          const space = searchSpace(document as ScenarioDocument, {});
          return fc.tuple(fc.constant(space), nightArbitrary(space));
        }),
        ([space, night]) => {
          const file = nightFile(space, night);
          const scenario = loadNight(file.document);
          expect(unsupportedFeatures(scenario)).toEqual([]);
          expect(scenario.events.length).toBe((space.baseDocument.events?.length ?? 0) + file.addedEventIndices.length);
          // Added events lie inside the window (the file's own may lie anywhere it likes).
          for (const index of file.addedEventIndices) {
            const event = scenario.events[index];
            const instants =
              event === undefined
                ? []
                : 'atMs' in event
                  ? [event.atMs]
                  : 'fromMs' in event
                    ? [event.fromMs, event.toMs]
                    : [];
            for (const ms of instants) {
              expect(ms).toBeGreaterThanOrEqual(space.windowFromMs);
              expect(ms).toBeLessThan(space.windowToMs);
            }
          }
        },
      ),
      { numRuns: 60, seed: SEED },
    );
  }, 60_000);
});
