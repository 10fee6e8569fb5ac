/**
 * The storage lane: a marker per write at the instant the database decided it, shaped by its
 * result (accepted: circle, stale: cross, duplicate: diamond) and labelled with its token;
 * writes of an order the ledger applied more than once flagged and joined; and the fence row's
 * `last_token` as a step line from `storage.lastToken` through each `fence` entry. Pure.
 */
import type { ResolvedScenario } from '../model/resolvedScenario';
import type { Trace, WriteRecord, WriteResultValue } from '../sim/trace';
import type { FenceStep, LaneGeometry, WriteLink, WriteMarker, WriteShape } from './geometry';
import type { LayoutContext } from './layoutContext';
import { fenceBand, writeRowY } from './layoutLanes';

export const WRITE_SHAPES: Readonly<Record<WriteResultValue, WriteShape>> = {
  accepted: 'circle',
  stale: 'cross',
  duplicate: 'diamond',
};

export interface StorageLayout {
  readonly writes: WriteMarker[];
  readonly writeLinks: WriteLink[];
  readonly fenceSteps: FenceStep[];
}

/** Pure: the storage lane's marks. */
export function layoutStorage(
  trace: Trace,
  scenario: ResolvedScenario,
  lane: LaneGeometry,
  context: LayoutContext,
): StorageLayout {
  const doubled = doublyAppliedOrders(trace, scenario);
  const replicaIndex = new Map(trace.replicaIds.map((id, index) => [id, index]));
  const writes: WriteMarker[] = [];
  const writeLinks: WriteLink[] = [];
  const seen = new Map<string, number>();
  // The last accepted write of each doubled order, to join the next one to.
  const previousAccepted = new Map<number, { x: number; y: number; key: string }>();
  for (const write of trace.writes) {
    const identity = `${write.replica}:${write.order}`;
    const nth = seen.get(identity) ?? 0;
    seen.set(identity, nth + 1);
    const x = context.x(write.atMs);
    const y = writeRowY(lane, replicaIndex.get(write.replica) ?? 0);
    const key = `${identity}:${nth}`;
    const doubleApplied = write.result === 'accepted' && doubled.has(write.order);
    if (doubleApplied) {
      const previous = previousAccepted.get(write.order);
      // A link is kept when either end is in view: it says where the other write is.
      if (
        previous &&
        (context.visible(write.atMs, write.atMs) || (previous.x >= 0 && previous.x <= context.viewport.widthPx))
      ) {
        writeLinks.push({
          key: `${previous.key}>${key}`,
          order: write.order,
          x0: previous.x,
          y0: previous.y,
          x1: x,
          y1: y,
        });
      }
      previousAccepted.set(write.order, { x, y, key });
    }
    if (!context.visible(write.atMs, write.atMs)) continue;
    writes.push(writeMarker(write, key, x, y, doubleApplied, context));
  }
  return { writes, writeLinks, fenceSteps: layoutFence(trace, scenario, lane, context) };
}

function writeMarker(
  write: WriteRecord,
  key: string,
  x: number,
  y: number,
  doubleApplied: boolean,
  context: LayoutContext,
): WriteMarker {
  const params = {
    order: write.order,
    replica: write.replica,
    token: write.token ?? context.word('write.noToken'),
    result: context.word(`write.result.${write.result}`),
  };
  return {
    key,
    writeId: write.writeId,
    replica: write.replica,
    order: write.order,
    token: write.token,
    result: write.result,
    shape: WRITE_SHAPES[write.result],
    sentMs: write.sentMs,
    atMs: write.atMs,
    x,
    y,
    doubleApplied,
    label: null,
    labelBox: null,
    ariaLabel: context.describe(writeNameKey(context.jobKind, doubleApplied), params),
  };
}

/** The write's name says what the job writes: an order's adjustment, a publish, the email, a delete. */
function writeNameKey(jobKind: LayoutContext['jobKind'], doubleApplied: boolean): string {
  const base = doubleApplied ? 'write.nameDoubled' : 'write.name';
  return jobKind === 'reconcile' ? base : `${base}.${jobKind}`;
}

/** Orders whose ledger rows number more than one at the end of the night. */
function doublyAppliedOrders(trace: Trace, scenario: ResolvedScenario): Set<number> {
  const orders = new Set<number>();
  scenario.job.items.forEach((item, index) => {
    if ((trace.appliedCount[index] ?? 0) > 1) orders.add(item.order);
  });
  return orders;
}

/** The fence row over the whole night, as steps; y rises with the token. Not culled. */
function layoutFence(
  trace: Trace,
  scenario: ResolvedScenario,
  lane: LaneGeometry,
  context: LayoutContext,
): FenceStep[] {
  const changes: { atMs: number; lastToken: number }[] = [];
  let current = scenario.storage.lastToken;
  let low = current;
  let high = current;
  for (const entry of trace.entries) {
    if (entry.kind !== 'fence' || entry.lastToken === current) continue;
    current = entry.lastToken;
    changes.push({ atMs: entry.atMs, lastToken: current });
    if (current < low) low = current;
    if (current > high) high = current;
  }
  const band = fenceBand(lane);
  const yOf = (token: number) =>
    band.y + band.height - (high === low ? 0 : ((token - low) / (high - low)) * band.height);
  const steps: FenceStep[] = [];
  let fromMs = Math.min(trace.windowFromMs, trace.entries[0]?.atMs ?? trace.windowFromMs);
  let token = scenario.storage.lastToken;
  const push = (toMs: number) => {
    const x = context.clipX(fromMs);
    steps.push({
      key: `fence:${steps.length}`,
      fromMs,
      toMs,
      x,
      width: context.clipX(toMs) - x,
      y: yOf(token),
      lastToken: token,
    });
  };
  for (const change of changes) {
    push(change.atMs);
    fromMs = change.atMs;
    token = change.lastToken;
  }
  push(Math.max(context.nightEndMs, fromMs));
  return steps;
}
