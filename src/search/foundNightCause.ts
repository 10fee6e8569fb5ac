/**
 * What made a found night break, in English lines at their instants, read off its trace: who
 * took the lock and over whom, when a holder lost it (its lease ran out, it was forced free,
 * its session or its Redis key went, a renewal failed) while it was still at work, when a
 * paused holder woke believing it still held it, the write that landed after its writer lost
 * the lock, the writes that applied an item twice, and the searched violations. The same
 * rules read every night (the key moments' facts, `keyMoments.ts`); `describeFoundNight.ts`
 * puts these lines in time order with the faults the search added. Pure.
 */

import { formatDurationMs } from '../model/duration';
import type { JobKind, ResolvedScenario } from '../model/resolvedScenario';
import { spokenMs, spokenTimeOfNight } from '../model/spokenTime';
import { describeViolation } from '../sim/readings/describeViolation';
import { itemName } from '../sim/readings/jobWords';
import { type KeyMoment, keyMoments, validUntilMs } from '../sim/readings/keyMoments';
import type { GrantRecord, Trace, WriteRecord } from '../sim/trace';
import type { SearchInvariant } from './searchSpace';

/** One line of the story: its instant, its rank among lines of one instant, its words. */
export interface StoryLine {
  readonly atMs: number;
  readonly rank: number;
  readonly text: string;
}

/**
 * Ranks of lines at one instant, in the order things follow from each other there: a grant,
 * the fault that strikes, the lock lost by it, a wake-up, a write, the violation it makes.
 */
export const STORY_RANK = { grant: 0, fault: 1, lockEnd: 2, wake: 3, write: 4, violation: 5 } as const;

export function causeLines(
  trace: Trace,
  scenario: ResolvedScenario,
  invariants: readonly SearchInvariant[],
): StoryLine[] {
  const job = scenario.job.kind;
  const atWork = atWorkIndex(trace);
  const lines: StoryLine[] = [];
  const moments = keyMoments(trace, scenario);
  const takenOver = new Set(
    moments.flatMap((moment) => (moment.kind === 'grant' && moment.mode === 'takeover' ? [moment.previous] : [])),
  );
  for (const moment of moments) {
    const line = momentLine(moment, atWork, takenOver);
    if (line !== null) lines.push(line);
  }
  lines.push(...rolledBackLines(trace));
  const told = new Set<number>();
  for (const write of staleWrites(trace)) {
    told.add(write.write.writeId);
    lines.push(staleWriteLine(write, job));
  }
  const searched = trace.violations.filter((violation) =>
    (invariants as readonly string[]).includes(violation.invariant),
  );
  const firstTwice = searched.find((violation) => violation.message.key === 'appliedTimes');
  if (firstTwice?.message.key === 'appliedTimes') {
    // The item's earlier applications: what the write that broke I3 applied again.
    const { order } = firstTwice.message;
    for (const write of trace.writes) {
      if (write.order !== order || write.result !== 'accepted' || write.atMs >= firstTwice.atMs) continue;
      if (told.has(write.writeId)) continue;
      told.add(write.writeId);
      lines.push({ atMs: write.atMs, rank: STORY_RANK.write, text: `${writeName(write, job)} is accepted.` });
    }
  }
  const said = new Set<string>();
  for (const violation of searched) {
    const broke =
      violation.message.key === 'appliedTimes' ? writeAt(trace, violation.message.order, violation.atMs) : undefined;
    const what = `${capitalised(describeViolation(violation.message))} (${violation.invariant}).`;
    const text =
      broke === undefined
        ? what
        : `${writeName(broke, job)} is accepted too: ${describeViolation(violation.message)} (${violation.invariant}).`;
    if (said.has(text)) continue;
    said.add(text);
    lines.push({ atMs: violation.atMs, rank: STORY_RANK.violation, text });
  }
  return lines;
}

/** Is `replica` in a run at `atMs` (up or paused, never a run that was skipped)? */
type AtWork = (replica: string, atMs: number) => boolean;

function atWorkIndex(trace: Trace): AtWork {
  const runs = trace.runs.filter((run) => run.outcome !== 'skipped');
  return (replica, atMs) =>
    runs.some((run) => run.replica === replica && run.startMs <= atMs && (run.endMs === null || run.endMs > atMs));
}

function momentLine(moment: KeyMoment, atWork: AtWork, takenOver: ReadonlySet<string | null>): StoryLine | null {
  const at = (rank: number, text: string): StoryLine => ({ atMs: moment.atMs, rank, text });
  const who = moment.replica ?? '';
  const stillAtWork = (replica: string) => (atWork(replica, moment.atMs) ? ' while it is still at work' : '');
  switch (moment.kind) {
    case 'grant': {
      const token = moment.token === null ? '' : ` with token ${moment.token}`;
      const previous = moment.previous ?? '';
      if (moment.mode === 'overlap')
        return at(STORY_RANK.grant, `${who} takes the lock${token} while ${previous}'s grant is still valid.`);
      if (moment.mode !== 'takeover') return at(STORY_RANK.grant, `${who} takes the lock${token}.`);
      return at(
        STORY_RANK.grant,
        atWork(previous, moment.atMs)
          ? `${who} takes the lock${token} while ${previous} still believes it holds it.`
          : `${who} takes the lock${token}; ${previous} never released it.`,
      );
    }
    case 'leaseExpires':
      // A lease that runs out after its holder is done matters only when nobody released it.
      if (!moment.holderStillRunning && !takenOver.has(moment.replica)) return null;
      return at(STORY_RANK.lockEnd, `${who}'s lease runs out${stillAtWork(who)}.`);
    case 'forcedExpiry':
      return at(STORY_RANK.lockEnd, `${who} loses the lock${stillAtWork(who)}.`);
    case 'lockLost':
      return at(STORY_RANK.lockEnd, `${who}'s renewal finds the lock lost${stillAtWork(who)}.`);
    case 'sessionEnded':
      return at(STORY_RANK.lockEnd, `${who}'s database session ends and the lock with it${stillAtWork(who)}.`);
    case 'redisPromoted':
      if (moment.keyLostBy === null) return null;
      return at(
        STORY_RANK.lockEnd,
        `A Redis replica without ${moment.keyLostBy}'s key is promoted: ${moment.keyLostBy} loses the lock${stillAtWork(moment.keyLostBy)}.`,
      );
    case 'wake':
      return moment.belief === 'stillBelieves'
        ? at(STORY_RANK.wake, `${who} wakes and carries on, believing it still holds the lock.`)
        : null;
    default:
      return null;
  }
}

/**
 * A replica that crashes inside a transaction: the database rolls back what it did there (an
 * outbox row's mark, a claim), while what it sent outside the database stays sent.
 */
function rolledBackLines(trace: Trace): StoryLine[] {
  const begunAt = new Map<string, number>();
  const lines: StoryLine[] = [];
  for (const entry of trace.entries) {
    if (entry.kind === 'sql' && entry.replica !== null) {
      if (entry.note === 'begun') begunAt.set(entry.replica, entry.atMs);
      else if (entry.note === 'committed' || entry.note === 'rolledBack') begunAt.delete(entry.replica);
    } else if (entry.kind === 'process' && entry.cause === 'crash') {
      const begun = begunAt.get(entry.node);
      if (begun === undefined) continue;
      begunAt.delete(entry.node);
      lines.push({
        atMs: entry.atMs,
        rank: STORY_RANK.lockEnd,
        text: `${entry.node}'s transaction, open since ${spokenTimeOfNight(begun)}, never commits: the database rolls it back.`,
      });
    }
  }
  return lines;
}

interface StaleWrite {
  readonly write: WriteRecord;
  /** When the writer's grant stopped being valid at the lock service. */
  readonly lostMs: number;
  /** Who held the lock when the write landed, if anyone else did. */
  readonly holder: GrantRecord | null;
}

/**
 * The first write of each grant that lands after the grant stopped being valid: a holder
 * that lost the lock and wrote anyway. The writes after it on the same grant tell nothing new.
 */
function staleWrites(trace: Trace): StaleWrite[] {
  const stale: StaleWrite[] = [];
  const toldGrants = new Set<number>();
  for (const write of trace.writes) {
    const grant = grantOf(trace.grants, write);
    if (grant === undefined || toldGrants.has(grant.grantId)) continue;
    const lostMs = validUntilMs(grant);
    if (write.atMs < lostMs) continue;
    toldGrants.add(grant.grantId);
    const holder =
      trace.grants.find(
        (other) => other.replica !== write.replica && other.grantMs <= write.atMs && validUntilMs(other) > write.atMs,
      ) ?? null;
    stale.push({ write, lostMs, holder });
  }
  return stale;
}

/** The writer's grant: its latest one taken before the write was sent (with the write's token, if any). */
function grantOf(grants: readonly GrantRecord[], write: WriteRecord): GrantRecord | undefined {
  let found: GrantRecord | undefined;
  for (const grant of grants) {
    if (grant.replica !== write.replica || grant.grantMs > write.sentMs) continue;
    if (write.token !== null && grant.token !== null && grant.token !== write.token) continue;
    if (found === undefined || grant.grantMs >= found.grantMs) found = grant;
  }
  return found;
}

function staleWriteLine({ write, lostMs, holder }: StaleWrite, job: JobKind): StoryLine {
  const after = formatDurationMs(spokenMs(write.atMs - lostMs));
  const since = holder === null ? '' : ` (${holder.replica} holds it since ${spokenTimeOfNight(holder.grantMs)})`;
  const outcome =
    write.result === 'accepted'
      ? 'the storage accepts it'
      : write.result === 'stale'
        ? 'the storage rejects it'
        : 'the storage already has it';
  return {
    atMs: write.atMs,
    rank: STORY_RANK.write,
    text: `${writeName(write, job)} lands ${after} after ${write.replica} lost the lock at ${spokenTimeOfNight(lostMs)}${since}; ${outcome}.`,
  };
}

/** "A's write of order 1005 with token 7". */
function writeName(write: WriteRecord, job: JobKind): string {
  const token = write.token === null ? '' : ` with token ${write.token}`;
  return `${write.replica}'s write of ${itemName(job, write.order)}${token}`;
}

/** The accepted write of `order` that landed at `atMs` (the one a violation of I3 is recorded at). */
function writeAt(trace: Trace, order: number, atMs: number): WriteRecord | undefined {
  return trace.writes.find((write) => write.order === order && write.atMs === atMs && write.result === 'accepted');
}

export function capitalised(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
