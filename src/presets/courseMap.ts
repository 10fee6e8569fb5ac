/**
 * The course map (docs/model.md §10): every lesson, the lab, every exercise and every quiz question
 * of the module, each with the presets that show it, in the order to open them, and what each
 * of those nights ends with. Pure data; the titles and explanations are user-facing text and
 * live in the app's translations (`course.<id>.title`, `course.<id>.explain`).
 *
 * Every claim here is checked by tests/courseMap.test.ts against a real run of the preset, so
 * an explanation never promises an outcome the night does not have.
 */

import { type CourseVerifyStep, VERIFY_FENCING } from './verifySteps';

export type { CourseVerifyStep } from './verifySteps';

export type CourseItemKind = 'lesson' | 'lab' | 'exercise' | 'question';

/** The module's items, ids as in docs/model.md §10. */
export const COURSE_ITEM_IDS = [
  'L1',
  'L2',
  'L3',
  'L4',
  'L5',
  'lab',
  'EX01',
  'EX02',
  'EX03',
  'EX04',
  'EX05',
  'EX06',
  'Q1',
  'Q2',
  'Q3',
  'Q4',
  'Q5',
  'Q6',
  'Q7',
  'Q8',
  'Q9',
  'Q10',
] as const;

export type CourseItemId = (typeof COURSE_ITEM_IDS)[number];

export type InvariantId = 'I1' | 'I2' | 'I3' | 'I4' | 'I5' | 'I6' | 'I7';

/** A write the explanation talks about: this replica's write of this order ended so. */
export interface ClaimedWrite {
  readonly replica: string;
  readonly order: number;
  readonly result: 'accepted' | 'stale' | 'duplicate';
}

/** One preset an item opens, and the outcome its explanation claims. */
export interface CourseStop {
  readonly presetId: string;
  /** The verdict: `safe` iff no item applied twice and no lower token accepted (I3, I4). */
  readonly outcome: 'safe' | 'unsafe';
  /** An invariant the explanation points at; the night reports it. */
  readonly invariant?: InvariantId;
  /** A write the explanation points at; the night has it with this result. */
  readonly write?: ClaimedWrite;
}

/**
 * A step that asks the search for a failing night (the app's "Find a failure"): first on the
 * unsafe design, where it finds one, then on the fixed design, where it finds none within the
 * app's budget. tests/courseSearch.test.ts runs both searches.
 */
export interface CourseSearchStep {
  readonly unsafePresetId: string;
  readonly fixedPresetId: string;
}

export interface CourseItem {
  readonly id: CourseItemId;
  readonly kind: CourseItemKind;
  /** invariant: at least one; in the order a teacher would open them. */
  readonly presets: readonly CourseStop[];
  readonly search?: CourseSearchStep;
  readonly verify?: CourseVerifyStep;
}

/** The search steps: Redis SET NX against a token from the database, and fencing off against on. */
const SEARCH_REDIS: CourseSearchStep = {
  unsafePresetId: 's10-redis-failover',
  fixedPresetId: 's10-redis-failover-db-token',
};
const SEARCH_FENCING: CourseSearchStep = { unsafePresetId: 's07-fencing-off', fixedPresetId: 's07-fencing-on' };
const SEARCH_CHECK_IN_WRITE: CourseSearchStep = {
  unsafePresetId: 's08-check-then-write',
  fixedPresetId: 's08-check-then-write-fenced',
};

const safe = (presetId: string, extra: Omit<CourseStop, 'presetId' | 'outcome'> = {}): CourseStop => ({
  presetId,
  outcome: 'safe',
  ...extra,
});
const unsafe = (presetId: string, extra: Omit<CourseStop, 'presetId' | 'outcome'> = {}): CourseStop => ({
  presetId,
  outcome: 'unsafe',
  ...extra,
});

/** The flagship's late write, the moment most of the module turns on. */
const A_1003_ACCEPTED: ClaimedWrite = { replica: 'A', order: 1003, result: 'accepted' };
const A_1003_STALE: ClaimedWrite = { replica: 'A', order: 1003, result: 'stale' };

export const COURSE_MAP: readonly CourseItem[] = [
  {
    id: 'L1',
    kind: 'lesson',
    presets: [
      unsafe('s01-no-lock', { invariant: 'I3' }),
      safe('s01-unique-key', { write: { replica: 'B', order: 1001, result: 'duplicate' } }),
      safe('s16-outbox-skip-locked'),
      unsafe('s16-outbox-crash-before-commit', { invariant: 'I3' }),
      safe('s16-outbox-for-update'),
      unsafe('s16-outbox-no-lock', { invariant: 'I3' }),
      safe('s17-digest-claim-then-send'),
      unsafe('s17-digest-send-then-claim', { invariant: 'I3' }),
      safe('s18-cleanup-idempotent'),
    ],
  },
  {
    id: 'L2',
    kind: 'lesson',
    presets: [
      safe('s03-holder-crashes'),
      safe('s03a-holder-crashes-no-retry', { invariant: 'I6' }),
      safe('s03b-plain-lock', { invariant: 'I6' }),
      safe('s03c-holder-restarts'),
      safe('s12-leader-dies'),
      safe('s13a-partitioned-leader-exits'),
      unsafe('s13b-partitioned-leader-continues', { invariant: 'I3' }),
      unsafe('s14-paused-leader', { invariant: 'I3' }),
      safe('s14-paused-leader-fenced'),
      safe('s15-etcd-session-expires', { invariant: 'I2' }),
      unsafe('s15b-etcd-no-recheck', { invariant: 'I1' }),
      safe('s15c-etcd-recheck'),
    ],
  },
  {
    id: 'L3',
    kind: 'lesson',
    presets: [
      safe('s02-shedlock-happy-path'),
      unsafe('s04-atmost-too-short', { invariant: 'I3' }),
      safe('s04-atmost-too-short-fenced', { write: { replica: 'A', order: 1003, result: 'stale' } }),
      safe('s05-short-job-clock-skew', { invariant: 'I7' }),
      safe('s05-atleast-covers-skew'),
      safe('s05-done-for-date'),
      unsafe('s06-app-time-fast-clock', { invariant: 'I1' }),
      safe('s06-db-time'),
      unsafe('s10-redis-failover', { invariant: 'I5' }),
      safe('s10-redis-failover-db-token', { write: { replica: 'A', order: 1001, result: 'stale' } }),
      safe('s10-redis-failover-unique-key', { write: { replica: 'B', order: 1001, result: 'duplicate' } }),
      unsafe('s11-redis-clock-jump', { invariant: 'I3' }),
      safe('s19a-advisory-pause-keeps-it'),
      unsafe('s19b-advisory-killed-session', { invariant: 'I3' }),
      unsafe('s22-keepalive-starved', { invariant: 'I3' }),
      safe('s22-keepalive-starved-fenced', { write: { replica: 'A', order: 1004, result: 'stale' } }),
    ],
  },
  {
    id: 'L4',
    kind: 'lesson',
    presets: [
      unsafe('s07-fencing-off', { write: A_1003_ACCEPTED }),
      safe('s07-fencing-on', { write: A_1003_STALE }),
      safe('s04-atmost-too-short-fenced', { write: A_1003_STALE }),
      unsafe('s08-check-then-write', { write: A_1003_ACCEPTED }),
      safe('s08-check-then-write-fenced', { write: A_1003_STALE }),
      unsafe('s09-delayed-write', { write: A_1003_ACCEPTED }),
      safe('s09-delayed-write-fenced', { write: A_1003_STALE }),
      safe('s14-paused-leader-fenced'),
      safe('s15-etcd-session-expires'),
      unsafe('s15b-etcd-no-recheck', { invariant: 'I4' }),
      safe('s15c-etcd-recheck'),
      unsafe('s20-token-after-load', { invariant: 'I5' }),
      safe('s20-token-in-grant', { write: { replica: 'A', order: 1001, result: 'stale' } }),
      unsafe('s21a-per-row-fencing', { write: A_1003_ACCEPTED }),
      unsafe('s21b-no-fence-on-acquire', { write: A_1003_ACCEPTED }),
      safe('s21-full-fence', { write: A_1003_STALE }),
      safe('s22-keepalive-starved-fenced', { write: { replica: 'A', order: 1004, result: 'stale' } }),
    ],
    verify: VERIFY_FENCING,
  },
  {
    id: 'L5',
    kind: 'lesson',
    presets: [
      unsafe('s01-no-lock', { invariant: 'I3' }),
      safe('s02-shedlock-happy-path'),
      safe('s03-holder-crashes'),
      unsafe('s07-fencing-off', { write: A_1003_ACCEPTED }),
      safe('s07-fencing-on', { write: A_1003_STALE }),
    ],
  },
  {
    id: 'lab',
    kind: 'lab',
    presets: [
      safe('s07-fencing-on', { write: A_1003_STALE }),
      safe('s09-delayed-write-fenced', { write: A_1003_STALE }),
      safe('s21-full-fence', { write: A_1003_STALE }),
    ],
  },
  {
    id: 'EX01',
    kind: 'exercise',
    presets: [
      unsafe('s01-no-lock', { invariant: 'I3' }),
      safe('s01-unique-key', { write: { replica: 'B', order: 1001, result: 'duplicate' } }),
      safe('s16-outbox-skip-locked'),
      unsafe('s16-outbox-crash-before-commit', { invariant: 'I3' }),
      unsafe('s16-outbox-no-lock', { invariant: 'I3' }),
      safe('s17-digest-claim-then-send'),
      unsafe('s17-digest-send-then-claim', { invariant: 'I3' }),
      safe('s18-cleanup-idempotent'),
    ],
  },
  {
    id: 'EX02',
    kind: 'exercise',
    presets: [
      safe('s12-leader-dies'),
      safe('s13a-partitioned-leader-exits'),
      unsafe('s13b-partitioned-leader-continues', { invariant: 'I3' }),
      unsafe('s14-paused-leader', { invariant: 'I3' }),
      safe('s14-paused-leader-fenced'),
    ],
  },
  {
    id: 'EX03',
    kind: 'exercise',
    presets: [
      unsafe('s07-fencing-off', { write: A_1003_ACCEPTED, invariant: 'I2' }),
      unsafe('s09-delayed-write', { write: A_1003_ACCEPTED }),
    ],
  },
  {
    id: 'EX04',
    kind: 'exercise',
    presets: [
      safe('s07-fencing-on', { write: A_1003_STALE }),
      unsafe('s21a-per-row-fencing', { invariant: 'I4' }),
      unsafe('s21b-no-fence-on-acquire', { write: { replica: 'A', order: 1004, result: 'stale' } }),
      safe('s21-full-fence', { write: A_1003_STALE }),
    ],
  },
  {
    id: 'EX05',
    kind: 'exercise',
    presets: [
      safe('s03-holder-crashes'),
      unsafe('s04-atmost-too-short', { invariant: 'I7' }),
      safe('s04-atmost-fixed'),
      safe('s05-short-job-clock-skew', { invariant: 'I7' }),
      safe('s05-atleast-covers-skew'),
      safe('s05-done-for-date'),
    ],
  },
  {
    id: 'EX06',
    kind: 'exercise',
    presets: [
      unsafe('s10-redis-failover', { invariant: 'I5' }),
      safe('s10-redis-failover-db-token', { write: { replica: 'A', order: 1001, result: 'stale' } }),
      unsafe('s11-redis-clock-jump', { invariant: 'I3' }),
      safe('s10-redis-failover-unique-key', { write: { replica: 'B', order: 1001, result: 'duplicate' } }),
    ],
    search: SEARCH_REDIS,
    verify: VERIFY_FENCING,
  },
  { id: 'Q1', kind: 'question', presets: [unsafe('s01-no-lock', { invariant: 'I3' })] },
  {
    id: 'Q2',
    kind: 'question',
    presets: [
      safe('s03-holder-crashes'),
      safe('s03a-holder-crashes-no-retry', { invariant: 'I6' }),
      safe('s03b-plain-lock', { invariant: 'I6' }),
    ],
  },
  {
    id: 'Q3',
    kind: 'question',
    presets: [
      safe('s16-outbox-skip-locked'),
      unsafe('s16-outbox-crash-before-commit', { invariant: 'I3' }),
      safe('s16-outbox-for-update'),
      unsafe('s16-outbox-no-lock', { invariant: 'I3' }),
    ],
  },
  {
    id: 'Q4',
    kind: 'question',
    presets: [
      unsafe('s07-fencing-off', { write: A_1003_ACCEPTED }),
      unsafe('s09-delayed-write', { write: A_1003_ACCEPTED }),
    ],
  },
  {
    id: 'Q5',
    kind: 'question',
    presets: [safe('s07-fencing-on', { write: A_1003_STALE }), safe('s15-etcd-session-expires')],
    search: SEARCH_FENCING,
  },
  {
    id: 'Q6',
    kind: 'question',
    presets: [
      unsafe('s08-check-then-write', { write: A_1003_ACCEPTED }),
      safe('s08-check-then-write-fenced', { write: A_1003_STALE }),
    ],
    search: SEARCH_CHECK_IN_WRITE,
  },
  {
    id: 'Q7',
    kind: 'question',
    presets: [
      unsafe('s10-redis-failover', { invariant: 'I5' }),
      safe('s10-redis-failover-db-token', { write: { replica: 'A', order: 1001, result: 'stale' } }),
      unsafe('s11-redis-clock-jump', { invariant: 'I3' }),
    ],
    search: SEARCH_REDIS,
  },
  {
    id: 'Q8',
    kind: 'question',
    presets: [
      unsafe('s07-fencing-off', { write: A_1003_ACCEPTED, invariant: 'I4' }),
      safe('s07-fencing-on', { write: A_1003_STALE }),
    ],
    search: SEARCH_FENCING,
  },
  { id: 'Q9', kind: 'question', presets: [safe('s02-shedlock-happy-path')] },
  {
    id: 'Q10',
    kind: 'question',
    presets: [
      unsafe('s04-atmost-too-short', { invariant: 'I3' }),
      safe('s04-atmost-too-short-fenced', { write: { replica: 'A', order: 1003, result: 'stale' } }),
    ],
  },
];

/** The item with this id; every id of `COURSE_ITEM_IDS` has one (tested). */
export function findCourseItem(id: CourseItemId): CourseItem | undefined {
  return COURSE_MAP.find((item) => item.id === id);
}
