/**
 * The title and description of a found night, in English (the scenario file's own text,
 * shown beside the timeline as data): what the search added, then the night's story in
 * time order: who took the lock with which token, when each fault struck, and what made it
 * break, read off the trace (`foundNightCause.ts`: the lock lost while its holder was still
 * at work, the takeover, the write that landed too late, the item applied twice). The app
 * tells the same night again in its own language through the key moments. Pure.
 */

import { formatDurationMs } from '../model/duration';
import type { JobKind, ResolvedScenario } from '../model/resolvedScenario';
import { spokenTimeOfNight } from '../model/spokenTime';
import { itemName } from '../sim/readings/jobWords';
import type { Trace } from '../sim/trace';
import { capitalised, causeLines, STORY_RANK, type StoryLine } from './foundNightCause';
import { eventCountOf, type FaultNames, type SearchFault, type SearchNight } from './searchFault';
import type { SearchInvariant } from './searchSpace';

const TITLE_CHARS_MAX = 200;
/** Beyond this many lines the story says how many more there were. */
const STORY_LINES_MAX = 14;

export interface FoundNightFacts {
  readonly baseTitle: string;
  readonly night: SearchNight;
  readonly names: FaultNames;
  /** The found night as the engine ran it. */
  readonly scenario: ResolvedScenario;
  readonly trace: Trace;
  readonly invariants: readonly SearchInvariant[];
  readonly seed: number;
  readonly schedulesTried: number;
  readonly shrinkSteps: number;
  /** The file's own events were left out (`fresh`). */
  readonly fresh: boolean;
  /** How many of the file's own events the night keeps. */
  readonly keptEventCount: number;
}

export function foundNightTitle(facts: Pick<FoundNightFacts, 'baseTitle' | 'night'>): string {
  const events = facts.night.reduce((sum, fault) => sum + eventCountOf(fault), 0);
  const head = events === 0 ? 'This night already breaks the design' : `A ${events}-event night that breaks the design`;
  const title = facts.baseTitle === '' ? head : `${head}: ${facts.baseTitle}`;
  return title.length <= TITLE_CHARS_MAX ? title : `${title.slice(0, TITLE_CHARS_MAX - 1)}…`;
}

export function foundNightDescription(facts: FoundNightFacts): string {
  const found =
    facts.night.length === 0
      ? `The file's own night already breaks it: leaseline search added nothing (seed ${facts.seed}).`
      : `Found by leaseline search (seed ${facts.seed}, ${plural(facts.schedulesTried, 'night')} tried, shrunk in ${plural(facts.shrinkSteps, 'step')}).`;
  const kept = facts.fresh
    ? " The file's own events are left out."
    : facts.keptEventCount === 1
      ? " The file's own event is kept."
      : facts.keptEventCount > 1
        ? ` The file's own ${grouped(facts.keptEventCount)} events are kept.`
        : '';
  const added =
    facts.night.length === 0
      ? ''
      : ` Added: ${facts.night.map((fault) => faultSentence(fault, facts.names, facts.scenario.job.kind)).join('; ')}.`;
  return `${found}${kept}${added}\n\n${foundNightStory(facts).join('\n')}`;
}

/** What a story needs: the night, its names, and the night as the engine ran it. */
export type StoryFacts = Pick<FoundNightFacts, 'night' | 'names' | 'scenario' | 'trace' | 'invariants'>;

/** The night's story in time order, one line each ("02:05:00  A's lease runs out ..."). */
export function foundNightStory(facts: StoryFacts): string[] {
  const lines: StoryLine[] = causeLines(facts.trace, facts.scenario, facts.invariants);
  for (const fault of facts.night) {
    const atMs = instantOf(fault, facts);
    const text = `${capitalised(faultStorySentence(fault, facts.names, facts.scenario.job.kind))}.`;
    if (atMs !== null) lines.push({ atMs, rank: STORY_RANK.fault, text });
  }
  lines.sort((a, b) => a.atMs - b.atMs || a.rank - b.rank);
  const shown = lines.slice(0, STORY_LINES_MAX).map((line) => `${spokenTimeOfNight(line.atMs)}  ${line.text}`);
  if (lines.length > STORY_LINES_MAX) shown.push(`... and ${lines.length - STORY_LINES_MAX} more.`);
  return shown;
}

/** One fault in words: "A pauses at 02:01:30 for 3m21s". */
export function faultSentence(fault: SearchFault, names: FaultNames, job: JobKind): string {
  const time = spokenTimeOfNight;
  const span = formatDurationMs;
  const replica = 'replica' in fault ? (names.replicaIds[fault.replica] ?? '?') : '';
  const item = 'order' in fault ? itemName(job, names.orders[fault.order] ?? 0) : '';
  switch (fault.kind) {
    case 'pause':
      return `${replica} pauses at ${time(fault.atMs)} for ${span(fault.forMs)}`;
    case 'pauseBeforeWrite':
      return `${replica} pauses for ${span(fault.forMs)} right before its write of ${item}`;
    case 'crash':
      return fault.restartAfterMs === null
        ? `${replica} crashes at ${time(fault.atMs)}`
        : `${replica} crashes at ${time(fault.atMs)} and restarts at ${time(fault.atMs + fault.restartAfterMs)}`;
    case 'clockJump': {
      const way = fault.byMs < 0 ? 'back' : 'forward';
      return `${clockOwner(names.clockNodes[fault.node] ?? '?')} clock jumps ${way} ${span(Math.abs(fault.byMs))} at ${time(fault.atMs)}`;
    }
    case 'delayWrite':
      return `${replica}'s write of ${item} arrives ${span(fault.byMs)} late`;
    case 'partition':
      return `${replica} cannot reach the lock service from ${time(fault.fromMs)} to ${time(fault.fromMs + fault.lengthMs)}`;
    case 'starveRenewer':
      return `${replica}'s renewal is starved from ${time(fault.fromMs)} to ${time(fault.fromMs + fault.lengthMs)}`;
    case 'redisFailover':
      return `the Redis primary dies at ${time(fault.atMs)}`;
    case 'killSession':
      return `the database kills ${replica}'s session at ${time(fault.atMs)}`;
    case 'expireLock':
      return `an operator forces the lock free at ${time(fault.atMs)}`;
  }
}

/** A fault in the story, where the line already starts with its time: "A pauses for 3m21s". */
function faultStorySentence(fault: SearchFault, names: FaultNames, job: JobKind): string {
  const time = spokenTimeOfNight;
  const span = formatDurationMs;
  const replica = 'replica' in fault ? (names.replicaIds[fault.replica] ?? '?') : '';
  switch (fault.kind) {
    case 'pause':
      return `${replica} pauses for ${span(fault.forMs)}`;
    case 'crash':
      return fault.restartAfterMs === null
        ? `${replica} crashes`
        : `${replica} crashes; it restarts at ${time(fault.atMs + fault.restartAfterMs)}`;
    case 'clockJump':
      return `${clockOwner(names.clockNodes[fault.node] ?? '?')} clock jumps ${fault.byMs < 0 ? 'back' : 'forward'} ${span(Math.abs(fault.byMs))}`;
    case 'partition':
      return `${replica} cannot reach the lock service until ${time(fault.fromMs + fault.lengthMs)}`;
    case 'starveRenewer':
      return `${replica}'s renewal is starved until ${time(fault.fromMs + fault.lengthMs)}`;
    case 'redisFailover':
      return 'the Redis primary dies';
    case 'killSession':
      return `the database kills ${replica}'s session`;
    case 'expireLock':
      return 'an operator forces the lock free';
    case 'pauseBeforeWrite':
      return `${replica} pauses for ${span(fault.forMs)} before it writes ${itemName(job, names.orders[fault.order] ?? 0)}`;
    case 'delayWrite':
      return `${replica} sends ${itemName(job, names.orders[fault.order] ?? 0)}; the write arrives ${span(fault.byMs)} late`;
  }
}

function clockOwner(node: string): string {
  return node === 'db' ? "the database's" : node === 'redis' ? "Redis's" : `${node}'s`;
}

/** When the fault strikes; a fault on a write strikes when that write is sent (null if it never is). */
function instantOf(fault: SearchFault, facts: StoryFacts): number | null {
  if ('atMs' in fault) return fault.atMs;
  if ('fromMs' in fault) return fault.fromMs;
  const replica = facts.names.replicaIds[fault.replica];
  const order = facts.names.orders[fault.order];
  return facts.trace.writes.find((write) => write.replica === replica && write.order === order)?.sentMs ?? null;
}

function plural(count: number, noun: string): string {
  return `${grouped(count)} ${noun}${count === 1 ? '' : 's'}`;
}

/** 5000 as "5,000", without the host's locale. */
export function grouped(count: number): string {
  return String(count).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}
