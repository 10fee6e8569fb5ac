/**
 * `npm run soak [-- COUNT]`: the engine properties over many random nights (default 100,000),
 * each night also laid out as the timeline draws it, reporting throughput. The same generators
 * and checks as tests/engine.property.test.ts, with a random seed printed so a failure can be
 * replayed with `-- COUNT SEED`. On demand only (not part of `npm test`).
 */
import fc from 'fast-check';
import { loadScenarioValue } from '../src/model/loadScenario';
import { simulate } from '../src/sim/simulate';
import { layoutTimeline } from '../src/timeline/layoutTimeline';
import { windowViewport } from '../src/timeline/viewport';
import { lockArb, scenarioArb, storageArb } from '../tests/arbitraries/scenarioArbitrary';

const count = Number(process.argv[2] ?? 100_000);
const seed = Number(process.argv[3] ?? Date.now() % 2_147_483_647);
const safeLock = lockArb.filter((l) => l.kind === 'shedlock').map((l) => ({ ...l, token: true, tokenMint: 'grant' }));
const fenced = storageArb.map((s) => ({ ...s, fencing: 'job', fenceOnAcquire: true }));

console.log(`soak: ${count} random nights, seed ${seed}`);
const startedMs = performance.now();
let simulated = 0;
let fencedNights = 0;
let events = 0;
let layoutMs = 0;
let marks = 0;
fc.assert(
  fc.property(fc.boolean(), scenarioArb(), scenarioArb({ lock: safeLock, storage: fenced }), (pickSafe, any, safe) => {
    const shape = pickSafe ? safe : any;
    const loaded = loadScenarioValue(shape.document, 'soak.json');
    if (!loaded.ok) throw new Error(`generator made an invalid file: ${JSON.stringify(loaded.errors)}`);
    const trace = simulate(loaded.scenario);
    simulated += 1;
    events += trace.machineEventCount;
    const scenario = loaded.scenario;
    const layoutStartMs = performance.now();
    const geometry = layoutTimeline({
      trace,
      scenario,
      events: loaded.document.events ?? [],
      viewport: windowViewport(scenario.windowFromMs, scenario.windowToMs, 1200),
    });
    layoutMs += performance.now() - layoutStartMs;
    marks += geometry.activityBands.length + geometry.writes.length + geometry.handles.length;
    if (!Number.isFinite(geometry.heightPx) || geometry.lanes.length < scenario.replicas.length + 2)
      throw new Error(`layout broke: ${geometry.lanes.length} lanes, height ${geometry.heightPx}`);
    if (pickSafe) {
      fencedNights += 1;
      const broken = trace.violations.find((v) => v.invariant === 'I3' || v.invariant === 'I4' || v.invariant === 'I5');
      if (broken) throw new Error(`safety violated: ${JSON.stringify(broken)}`);
    }
    if (simulated % 10_000 === 0) console.log(`  ${simulated} nights...`);
  }),
  { numRuns: count, seed },
);
const seconds = (performance.now() - startedMs) / 1000;
console.log(
  `soak passed: ${simulated} nights (${fencedNights} with the safe recipe) in ${seconds.toFixed(1)} s: ` +
    `${Math.round(simulated / seconds)} nights/s, ${Math.round(events / seconds)} machine events/s; ` +
    `layout ${(layoutMs / simulated).toFixed(3)} ms a night on average (${marks} marks laid out)`,
);
