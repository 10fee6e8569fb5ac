/**
 * Incremental re-simulation (`src/sim/checkpoints/resimulate.ts`) against a full `simulate()`: over
 * thousands of random nights (every lock kind and job kind) and random edits (an event moved, added, removed or changed, and
 * configuration edits that must fall back to a full run), the trace a checkpointed night
 * re-simulates is byte-identical to the edited scenario's own. A second edit from the same
 * origin (the next move of a drag) and an edit of the re-simulated night are checked too, and
 * every preset with each of its events moved earlier and later. A drag is checked as the app
 * runs it: each move from the previous move's night, taking that night's tail where their
 * states meet again (`reuseTail`, `src/sim/checkpoints/tailReuse.ts`); most such moves join.
 *
 * LEASELINE_RESIMULATE_RUNS sets the random nights (default 1000, three edits each: about
 * 32 s of CPU on this 2-core machine, 47 s for 1500; `npm test` keeps the default) and
 * LEASELINE_RESIMULATE_SEED their seed.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { loadScenarioValue } from '../src/model/loadScenario';
import type { ResolvedScenario } from '../src/model/resolvedScenario';
import { PRESETS } from '../src/presets/catalogue';
import { type CheckpointedNight, resimulate, simulateWithCheckpoints } from '../src/sim/checkpoints/resimulate';
import { forgetMachineReactions } from '../src/sim/reactionMemo';
import { simulate } from '../src/sim/simulate';
import { jobArb } from './arbitraries/jobArbitrary';
import { duration, eventArb, scenarioArb } from './arbitraries/scenarioArbitrary';
import { shifted } from './arbitraries/shiftedTime';

const SEED = Number(process.env.LEASELINE_RESIMULATE_SEED ?? 20261203);
const RUNS = Number(process.env.LEASELINE_RESIMULATE_RUNS ?? 1000);
const PROPERTY_TIMEOUT_MS = 600_000;

type Document = Record<string, unknown> & { events?: Record<string, unknown>[] };

/** One edit of a scenario file, as a drag or an edit in the app makes it. */
type Edit =
  | { readonly kind: 'move'; readonly pick: number; readonly shiftMs: number }
  | { readonly kind: 'remove'; readonly pick: number }
  | { readonly kind: 'add'; readonly event: Record<string, unknown> }
  | { readonly kind: 'change'; readonly pick: number; readonly event: Record<string, unknown> }
  | { readonly kind: 'config'; readonly which: number; readonly amount: number };

function editArb(replicaCount: number, windowMs: number): fc.Arbitrary<Edit> {
  return fc.oneof(
    {
      weight: 6,
      arbitrary: fc.record({
        kind: fc.constant('move' as const),
        pick: fc.nat(),
        shiftMs: fc.oneof(fc.integer({ min: -600_000, max: 600_000 }), fc.integer({ min: -50, max: 50 })),
      }),
    },
    { weight: 2, arbitrary: fc.record({ kind: fc.constant('remove' as const), pick: fc.nat() }) },
    {
      weight: 2,
      arbitrary: fc.record({
        kind: fc.constant('add' as const),
        event: eventArb(replicaCount, windowMs) as fc.Arbitrary<Record<string, unknown>>,
      }),
    },
    {
      weight: 2,
      arbitrary: fc.record({
        kind: fc.constant('change' as const),
        pick: fc.nat(),
        event: eventArb(replicaCount, windowMs) as fc.Arbitrary<Record<string, unknown>>,
      }),
    },
    {
      weight: 1,
      arbitrary: fc.record({
        kind: fc.constant('config' as const),
        which: fc.nat({ max: 2 }),
        amount: fc.integer({ min: 1, max: 5000 }),
      }),
    },
  );
}

function applyEdit(document: Document, edit: Edit): Document {
  const next = structuredClone(document);
  const events = next.events ?? [];
  next.events = events;
  const index = 'pick' in edit ? edit.pick % Math.max(1, events.length) : 0;
  switch (edit.kind) {
    case 'move': {
      const event = events[index];
      if (!event) break;
      for (const field of ['at', 'from', 'to']) {
        if (typeof event[field] === 'string') event[field] = shifted(event[field] as string, edit.shiftMs);
      }
      break;
    }
    case 'remove':
      events.splice(index, 1);
      break;
    case 'add':
      events.splice(edit.event.type === 'pause' ? 0 : events.length, 0, edit.event);
      break;
    case 'change':
      if (events.length > 0) events[index] = edit.event;
      else events.push(edit.event);
      break;
    case 'config': {
      // Not an event: the night must run again from the start, and still agree.
      const job = next.job as Record<string, unknown>;
      if (edit.which === 0) job.perItem = duration(1000 + edit.amount);
      else if (edit.which === 1 && job.kind === 'reconcile') job.load = duration(edit.amount);
      else next.title = `edited ${edit.amount}`;
      break;
    }
  }
  return next;
}

function loaded(document: unknown): ResolvedScenario | null {
  const result = loadScenarioValue(document, 'generated.json');
  return result.ok ? result.scenario : null;
}

function fullTrace(scenario: ResolvedScenario): string | null {
  try {
    return JSON.stringify(simulate(scenario));
  } catch (error) {
    expect(String(error)).toMatch(/cannot simulate/);
    return null;
  }
}

interface Tally {
  compared: number;
  resumed: number;
  joined: number;
}

/** Re-simulates `next` from `night` and compares with a full run; counts the runs that resumed. */
function agrees(
  night: CheckpointedNight,
  next: ResolvedScenario,
  tally: Tally,
  keepCheckpoints = true,
  reuseTail = false,
): CheckpointedNight | null {
  const expected = fullTrace(next);
  if (expected === null) {
    expect(() => resimulate(night, next)).toThrow(/cannot simulate/);
    return null;
  }
  const incremental = resimulate(night, next, { keepCheckpoints, reuseTail });
  expect(JSON.stringify(incremental.trace)).toBe(expected);
  tally.compared += 1;
  if (incremental.resumedFromMs !== null) tally.resumed += 1;
  if (incremental.joinedAtMs !== null) tally.joined += 1;
  return incremental;
}

/** A drag of the `pick`-th event, `stepMs` per move, each move re-simulated from the last one's night with its tail reused. */
function drag(
  document: Document,
  origin: CheckpointedNight,
  pick: number,
  stepMs: number,
  moves: number,
  tally: Tally,
) {
  let night: CheckpointedNight | null = origin;
  for (let move = 1; move <= moves && night; move++) {
    const next = loaded(applyEdit(document, { kind: 'move', pick, shiftMs: stepMs * move }));
    if (!next) return;
    night = agrees(night, next, tally, true, true);
  }
}

describe('resimulate', () => {
  it(
    'gives the trace a full simulate gives, over thousands of random nights and edits',
    () => {
      const tally: Tally = { compared: 0, resumed: 0, joined: 0 };
      fc.assert(
        fc.property(
          fc
            .tuple(scenarioArb(), jobArb)
            .chain(([shape, job]) =>
              fc.tuple(
                fc.constant(job === null ? shape : { ...shape, document: { ...shape.document, job } }),
                editArb(shape.replicaCount, shape.windowMinutes * 60_000),
                editArb(shape.replicaCount, shape.windowMinutes * 60_000),
                fc.boolean(),
              ),
            ),
          ([{ document }, first, second, forget]) => {
            const origin = loaded(document);
            const originTrace = origin && fullTrace(origin);
            if (!origin || !originTrace) return;
            const night = simulateWithCheckpoints(origin);
            expect(JSON.stringify(night.trace)).toBe(originTrace);
            // A restored decider finds its memo states by name, even once the thread forgot the memo.
            if (forget) forgetMachineReactions();
            const firstDocument = applyEdit(document as Document, first);
            const firstScenario = loaded(firstDocument);
            if (!firstScenario) return;
            const edited = agrees(night, firstScenario, tally);
            // The next move of a drag starts from the same origin; a later edit from the edited night.
            const secondScenario = loaded(applyEdit(document as Document, second));
            if (secondScenario) agrees(night, secondScenario, tally, false);
            const chainedScenario = loaded(applyEdit(firstDocument, second));
            if (edited && chainedScenario) agrees(edited, chainedScenario, tally);
          },
        ),
        { numRuns: RUNS, seed: SEED },
      );
      // Most edits resume from a checkpoint: the property is about that path, not the fallback.
      expect(tally.compared).toBeGreaterThan(RUNS);
      expect(tally.resumed).toBeGreaterThan(tally.compared / 3);
    },
    PROPERTY_TIMEOUT_MS,
  );

  it(
    "gives the full trace for every move of a random drag that reuses the last move's tail",
    () => {
      const tally: Tally = { compared: 0, resumed: 0, joined: 0 };
      fc.assert(
        fc.property(
          fc
            .tuple(scenarioArb(), jobArb)
            .map(([shape, job]) => (job === null ? shape : { ...shape, document: { ...shape.document, job } })),
          fc.nat(),
          fc.oneof(fc.integer({ min: -120_000, max: 120_000 }), fc.integer({ min: -20, max: 20 })),
          ({ document }, pick, stepMs) => {
            const origin = loaded(document);
            if (!origin || !fullTrace(origin)) return;
            const events = (document as Document).events ?? [];
            if (events.length === 0) return;
            drag(document as Document, simulateWithCheckpoints(origin), pick % events.length, stepMs, 4, tally);
          },
        ),
        { numRuns: Math.ceil(RUNS / 2), seed: SEED + 1 },
      );
      expect(tally.resumed).toBeGreaterThan(tally.compared / 3);
      // The join is the path under test: a share of the moves must take it.
      expect(tally.joined).toBeGreaterThan(tally.compared / 10);
    },
    PROPERTY_TIMEOUT_MS,
  );

  it(
    'gives every preset its full trace with each event moved earlier and later',
    () => {
      const tally: Tally = { compared: 0, resumed: 0, joined: 0 };
      const dragTally: Tally = { compared: 0, resumed: 0, joined: 0 };
      for (const preset of PRESETS) {
        const document = preset.document as Document;
        const origin = loaded(document);
        if (!origin) throw new Error(`${preset.id} does not load`);
        const night = simulateWithCheckpoints(origin);
        expect(JSON.stringify(night.trace), preset.id).toBe(JSON.stringify(simulate(origin)));
        (document.events ?? []).forEach((_, pick) => {
          for (const shiftMs of [-90_000, -1000, 1000, 90_000]) {
            const moved = loaded(applyEdit(document, { kind: 'move', pick, shiftMs }));
            if (moved) agrees(night, moved, tally);
          }
          for (const stepMs of [-5000, 5000]) drag(document, night, pick, stepMs, 4, dragTally);
        });
      }
      expect(tally.resumed).toBeGreaterThan(tally.compared / 2);
      // The presets' events sit near their nights' ends; still, many drags meet the night before.
      expect(dragTally.joined).toBeGreaterThan(dragTally.compared / 10);
    },
    PROPERTY_TIMEOUT_MS,
  );

  it(
    'gives the same traces with every event through an actor (the memo off): actors restored from their snapshots',
    () => {
      let resumed = 0;
      for (const preset of PRESETS) {
        const document = preset.document as Document;
        const origin = loaded(document);
        if (!origin || (document.events ?? []).length === 0) continue;
        const night = simulateWithCheckpoints(origin, { reuseMachineReactions: false });
        for (const shiftMs of [-30_000, 30_000]) {
          const moved = loaded(applyEdit(document, { kind: 'move', pick: 0, shiftMs }));
          if (!moved) continue;
          const incremental = resimulate(night, moved);
          if (incremental.resumedFromMs !== null) resumed += 1;
          expect(JSON.stringify(incremental.trace), preset.id).toBe(JSON.stringify(simulate(moved)));
        }
      }
      expect(resumed).toBeGreaterThan(PRESETS.length / 2);
    },
    PROPERTY_TIMEOUT_MS,
  );
});
