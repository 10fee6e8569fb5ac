/**
 * Lesson 3 (docs/model.md §10 L3), "Distributed locks and their limits": ShedLock skips rather
 * than waits (Q9); a lockAtMostFor shorter than the run lets a second runner in (Q10, EX05);
 * a clock behind runs a short job again unless lockAtLeastFor covers the skew (S05), app time
 * trusts each replica's clock (S06), a starved keep-alive loses the lock under a running task (S22);
 * a Redis lock on a failing-over primary hands out the same lock twice (Q7); a session lock
 * survives a pause.
 */
import type { Lesson } from './lessonTypes';

export const LESSON_3: Lesson = {
  id: 'l3',
  curriculum: 'L3',
  title: 'lessons.l3.title',
  steps: [
    {
      id: 's1',
      preset: 's02-shedlock-happy-path',
      playhead: '02:00:00',
      marks: [{ kind: 'grant', replica: 'A' }],
      caption: 'lessons.l3.s1.caption',
    },
    {
      id: 's2',
      preset: 's04-atmost-too-short',
      playhead: '02:10:10',
      marks: [
        { kind: 'grant', replica: 'A' },
        { kind: 'grant', replica: 'B' },
      ],
      caption: 'lessons.l3.s2.caption',
      prediction: {
        question: 'lessons.l3.s2.question',
        measure: { kind: 'timesApplied', order: 1003 },
        answers: ['1', '2', '3'],
        hideFrom: '02:10:10',
        reveal: 'lessons.l3.s2.reveal',
      },
    },
    {
      id: 's3',
      preset: 's04-atmost-fixed',
      playhead: '02:10:10',
      marks: [{ kind: 'grant', replica: 'A' }],
      caption: 'lessons.l3.s3.caption',
    },
    {
      id: 's4',
      preset: 's05-short-job-clock-skew',
      playhead: '02:00:35',
      marks: [
        { kind: 'grant', replica: 'A' },
        { kind: 'lane', id: 'C' },
      ],
      caption: 'lessons.l3.s4.caption',
      prediction: {
        question: 'lessons.l3.s4.question',
        measure: { kind: 'firstGrant', replica: 'C' },
        answers: ['never', '02:00:00', '02:02:00'],
        hideFrom: '02:00:40',
        reveal: 'lessons.l3.s4.reveal',
      },
    },
    {
      id: 's5',
      preset: 's05-atleast-covers-skew',
      playhead: '02:02:00',
      marks: [{ kind: 'grant', replica: 'A' }],
      caption: 'lessons.l3.s5.caption',
    },
    {
      id: 's6',
      preset: 's06-app-time-fast-clock',
      playhead: '02:01:00',
      marks: [{ kind: 'event', id: 'j1' }],
      caption: 'lessons.l3.s6.caption',
      prediction: {
        question: 'lessons.l3.s6.question',
        measure: { kind: 'timesApplied', order: 1003 },
        answers: ['1', '2', '3'],
        hideFrom: '02:01:00',
        reveal: 'lessons.l3.s6.reveal',
      },
    },
    {
      id: 's7',
      preset: 's10-redis-failover',
      playhead: '02:00:10',
      marks: [
        { kind: 'grant', replica: 'A' },
        { kind: 'grant', replica: 'B' },
      ],
      caption: 'lessons.l3.s7.caption',
      prediction: {
        question: 'lessons.l3.s7.question',
        measure: { kind: 'timesApplied', order: 1001 },
        answers: ['1', '2', '3'],
        hideFrom: '02:00:11',
        reveal: 'lessons.l3.s7.reveal',
      },
    },
    {
      id: 's8',
      preset: 's22-keepalive-starved',
      playhead: '02:02:10',
      marks: [
        { kind: 'event', id: 's1' },
        { kind: 'grant', replica: 'B' },
      ],
      caption: 'lessons.l3.s8.caption',
    },
    {
      id: 's9',
      preset: 's19a-advisory-pause-keeps-it',
      playhead: '02:00:00',
      marks: [{ kind: 'lane', id: 'lock' }],
      caption: 'lessons.l3.s9.caption',
    },
  ],
};
