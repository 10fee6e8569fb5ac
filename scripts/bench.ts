/**
 * `npm run bench`: the engine's speed as medians on this machine, written to
 * bench-results/engine.json and printed.
 * - simulate() of the flagship S07 and of the large night (scripts/largeNight.ts), in ms;
 * - the engine against bare XState: the machine events the large night delivers are recorded
 *   and replayed into fresh actors of the same machine in the same run, alternating with the
 *   engine so both see the same machine noise; the ratio of the two rates is reported.
 *   The engine replays the machine's remembered reactions (src/sim/reactionMemo.ts), which
 *   nights share; the `...Cold...` figures forget them before each night, so that night's
 *   first occurrence of every reaction goes through an actor.
 * Goals: flagship < 1 ms, large night < 100 ms, large night at most 0.5 x bare XState's time.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { type Actor, createActor } from 'xstate';
import { type ReplicaEvent, type ReplicaMachineInput, replicaMachine } from '../src/machines/replicaMachine';
import { loadScenarioValue } from '../src/model/loadScenario';
import type { ResolvedScenario } from '../src/model/resolvedScenario';
import { findPreset } from '../src/presets/catalogue';
import { replicaMachineInput } from '../src/sim/machineInput';
import { forgetMachineReactions } from '../src/sim/reactionMemo';
import { simulate } from '../src/sim/simulate';
import { largeNightDocument } from './largeNight';

function load(document: unknown, name: string): ResolvedScenario {
  const loaded = loadScenarioValue(document, name);
  if (!loaded.ok) throw new Error(`${name}: ${JSON.stringify(loaded.errors)}`);
  return loaded.scenario;
}

function median(samples: number[]): number {
  const sorted = [...samples].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1
    ? (sorted[middle] as number)
    : ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2;
}

function timeMs(run: () => void): number {
  const startMs = performance.now();
  run();
  return performance.now() - startMs;
}

/** The same events into bare actors of the same machine, with the same per-replica inputs. */
function replayBare(log: readonly [number, ReplicaEvent | null][], inputs: readonly ReplicaMachineInput[]): void {
  const actors: Actor<typeof replicaMachine>[] = [];
  for (const [replicaIndex, event] of log) {
    if (event === null) {
      const actor = createActor(replicaMachine, { input: inputs[replicaIndex] as ReplicaMachineInput });
      actor.on('*', () => {});
      actor.start();
      actors[replicaIndex] = actor;
    } else {
      actors[replicaIndex]?.send(event);
    }
  }
}

const flagship = load(findPreset('s07-fencing-off')?.document, 's07');
const large = load(largeNightDocument(), 'large');

for (let warm = 0; warm < 200; warm++) simulate(flagship);
for (let warm = 0; warm < 3; warm++) simulate(large);

const flagshipMs: number[] = [];
const flagshipColdMs: number[] = [];
for (let round = 0; round < 400; round++) {
  flagshipMs.push(timeMs(() => simulate(flagship)));
  flagshipColdMs.push(
    timeMs(() => {
      forgetMachineReactions();
      simulate(flagship);
    }),
  );
}

const log: [number, ReplicaEvent | null][] = [];
const largeTrace = simulate(large, { onMachineEvent: (replica, event) => log.push([replica, event]) });
const inputs = large.replicas.map((replica) => replicaMachineInput(large, replica));
const largeMs: number[] = [];
const largeColdMs: number[] = [];
const bareMs: number[] = [];
for (let round = 0; round < 21; round++) {
  largeMs.push(timeMs(() => simulate(large)));
  bareMs.push(timeMs(() => replayBare(log, inputs)));
  largeColdMs.push(
    timeMs(() => {
      forgetMachineReactions();
      simulate(large);
    }),
  );
}

const machineEvents = largeTrace.machineEventCount;
const engineRate = machineEvents / (median(largeMs) / 1000);
const bareRate = machineEvents / (median(bareMs) / 1000);
const figures = {
  node: process.version,
  flagshipSimulateMsMedian: Number(median(flagshipMs).toFixed(3)),
  flagshipColdSimulateMsMedian: Number(median(flagshipColdMs).toFixed(3)),
  largeNightSimulateMsMedian: Number(median(largeMs).toFixed(1)),
  largeNightColdSimulateMsMedian: Number(median(largeColdMs).toFixed(1)),
  largeNightMachineEvents: machineEvents,
  largeNightTraceEntries: largeTrace.entries.length,
  bareXstateReplayMsMedian: Number(median(bareMs).toFixed(1)),
  engineEventsPerSecond: Math.round(engineRate),
  bareXstateEventsPerSecond: Math.round(bareRate),
  engineToBareXstateRatio: Number((engineRate / bareRate).toFixed(2)),
  /** The budget's noise-proof figure: the large night's time over bare XState's, same run. */
  largeNightToBareXstateMs: Number((median(largeMs) / median(bareMs)).toFixed(2)),
  /** The same with the remembered reactions forgotten before the night. */
  largeNightColdToBareXstateMs: Number((median(largeColdMs) / median(bareMs)).toFixed(2)),
};
mkdirSync('bench-results', { recursive: true });
writeFileSync('bench-results/engine.json', `${JSON.stringify(figures, null, 2)}\n`);
console.log('Leaseline engine benchmark (medians on this machine)');
console.log(
  `  simulate() flagship S07        ${figures.flagshipSimulateMsMedian} ms   (goal < 1 ms; ${figures.flagshipColdSimulateMsMedian} ms with no remembered reactions)`,
);
console.log(
  `  simulate() large night         ${figures.largeNightSimulateMsMedian} ms   (goal < 100 ms; ${machineEvents} machine events, ${figures.largeNightTraceEntries} trace entries)`,
);
console.log(`  the same, reactions forgotten  ${figures.largeNightColdSimulateMsMedian} ms`);
console.log(`  bare XState, same events       ${figures.bareXstateReplayMsMedian} ms`);
console.log(
  `  large night / bare XState      ${figures.largeNightToBareXstateMs}x (goal <= 0.5x; ${figures.largeNightColdToBareXstateMs}x with reactions forgotten)`,
);
console.log(
  `  engine vs bare XState          ${figures.engineEventsPerSecond} vs ${figures.bareXstateEventsPerSecond} events/s = ${figures.engineToBareXstateRatio}x`,
);
console.log('  written to bench-results/engine.json');
