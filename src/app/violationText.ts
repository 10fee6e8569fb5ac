/** A violation in the reader's language (the translated twin of sim/describeViolation). */
import type { TFunction } from 'i18next';
import { formatDurationMs } from '../model/duration';
import { spokenSpan } from '../model/spokenTime';
import type { ViolationMessage } from '../sim/trace';
import { joinedList } from './i18n/listText';

/**
 * A stretch of time as people say it, `3 min 50 s` (not the file notation `3m49s999ms`, and
 * without the latency model's milliseconds: model/spokenTime), for spans the night produced;
 * settings keep the file's notation.
 */
export function spokenDuration(t: TFunction, ms: number): string {
  const span = spokenSpan(ms);
  const secondsText = span.seconds.toString();
  if (span.ms < 1000) return t('spokenDuration.ms', { ms: span.ms });
  if (span.ms < 60_000) return t('spokenDuration.s', { s: secondsText });
  return span.seconds === 0
    ? t('spokenDuration.min', { m: span.minutes })
    : t('spokenDuration.minS', { m: span.minutes, s: secondsText });
}

export function violationText(t: TFunction, message: ViolationMessage): string {
  switch (message.key) {
    case 'lockOverlap':
      return t('violationText.lockOverlap', { ...message, overlap: spokenDuration(t, message.overlapMs) });
    case 'zombieWindow':
      return t('violationText.zombieWindow', {
        zombies: joinedList(t, message.zombies),
        takers: joinedList(t, message.takers),
        duration: spokenDuration(t, message.durationMs),
      });
    case 'appliedTimes':
      if (message.unit === 'email') return t('violationText.emailSent', { count: message.times });
      if (message.unit === 'row')
        return t('violationText.publishedTimes', { row: message.order, count: message.times });
      return message.times === 2
        ? t('violationText.appliedTwice', { order: message.order })
        : t('violationText.appliedTimes', { order: message.order, times: message.times });
    case 'tokenWentDown':
      return t('violationText.tokenWentDown', message);
    case 'tokenNotIncreasing':
      return t('violationText.tokenNotIncreasing', message);
    case 'runMissed':
      return t('violationText.runMissed', {
        context: message.job === 'reconcile' ? undefined : message.job,
        count: message.left,
        total: message.total,
      });
    case 'atLeastExceedsAtMost':
      return t('violationText.atLeastExceedsAtMost', {
        atLeast: formatDurationMs(message.atLeastMs),
        atMost: formatDurationMs(message.atMostMs),
      });
    case 'atMostBelowRuntime':
      return t('violationText.atMostBelowRuntime', {
        atMost: formatDurationMs(message.atMostMs),
        runtime: formatDurationMs(message.runtimeMs),
      });
    case 'atLeastBelowSkew':
      return t('violationText.atLeastBelowSkew', {
        atLeast: formatDurationMs(message.atLeastMs),
        skew: formatDurationMs(message.skewMs),
      });
    case 'keepAliveTooShort':
      return t('violationText.keepAliveTooShort', { atMost: formatDurationMs(message.atMostMs) });
    case 'leaseConstraint':
      return t('violationText.leaseConstraint', {
        leaseDuration: formatDurationMs(message.leaseDurationMs),
        renewDeadline: formatDurationMs(message.renewDeadlineMs),
        retryPeriod: formatDurationMs(message.retryPeriodMs),
      });
    case 'fencingWithoutToken':
      return t('violationText.fencingWithoutToken');
  }
}
