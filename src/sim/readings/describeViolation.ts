/**
 * English sentences for violations and the verdict, for the `leaseline` command and the
 * report's `message` fields (docs/scenario-format.md). The app translates the same data through its own
 * translation layer. Pure.
 */
import { formatDurationMs } from '../../model/duration';
import type { ViolationMessage } from '../trace';
import { doneTimes, missedText } from './jobWords';

const list = (names: readonly string[]): string =>
  names.length <= 1 ? (names[0] ?? '') : `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;
const jobOfUnit = { order: 'reconcile', row: 'outbox', email: 'digest' } as const;

export function describeViolation(message: ViolationMessage): string {
  switch (message.key) {
    case 'lockOverlap':
      return `${message.second} was granted the lock while ${message.first}'s grant was still valid (overlap ${formatDurationMs(message.overlapMs)})`;
    case 'zombieWindow':
      return `zombie window: ${list(message.zombies)} still believed ${message.zombies.length === 1 ? 'it' : 'they'} held the lock after ${list(message.takers)} took it, for ${formatDurationMs(message.durationMs)}`;
    case 'appliedTimes':
      return doneTimes(jobOfUnit[message.unit], message.order, message.times);
    case 'tokenWentDown':
      return `${message.replica}'s write with token ${message.token} was accepted after token ${message.highest}`;
    case 'tokenNotIncreasing':
      return `${message.replica} got token ${message.token}, not above the earlier token ${message.previous}`;
    case 'runMissed':
      return missedText(message.job, message.left, message.total);
    case 'atLeastExceedsAtMost':
      return `lockAtLeastFor (${formatDurationMs(message.atLeastMs)}) exceeds lockAtMostFor (${formatDurationMs(message.atMostMs)}); ShedLock rejects this`;
    case 'atMostBelowRuntime':
      return `lockAtMostFor (${formatDurationMs(message.atMostMs)}) is shorter than the worst-case run (${formatDurationMs(message.runtimeMs)}): the lock can expire under a running job`;
    case 'atLeastBelowSkew':
      return `lockAtLeastFor (${formatDurationMs(message.atLeastMs)}) is below the clock skew between replicas (${formatDurationMs(message.skewMs)}): a replica whose clock is behind can run the night again`;
    case 'keepAliveTooShort':
      return `KeepAlive needs lockAtMostFor of at least 30s (got ${formatDurationMs(message.atMostMs)}); ShedLock refuses it`;
    case 'leaseConstraint':
      return `client-go requires leaseDuration > renewDeadline > 1.2 x retryPeriod (got ${formatDurationMs(message.leaseDurationMs)} / ${formatDurationMs(message.renewDeadlineMs)} / ${formatDurationMs(message.retryPeriodMs)})`;
    case 'fencingWithoutToken':
      return 'storage fencing is on but the lock issues no token: every write carries NULL and the fence rejects it';
  }
}
