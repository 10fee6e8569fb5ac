/**
 * Lesson 3 (DOMAIN.md §10 L3), "Distributed locks and their limits": ShedLock skips rather
 * than waits (Q9); a lockAtMostFor shorter than the run lets a second runner in (Q10, EX05);
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
      preset: 's10-redis-failover',
      playhead: '02:00:10',
      marks: [
        { kind: 'grant', replica: 'A' },
        { kind: 'grant', replica: 'B' },
      ],
      caption: 'lessons.l3.s4.caption',
      prediction: {
        question: 'lessons.l3.s4.question',
        measure: { kind: 'timesApplied', order: 1001 },
        answers: ['1', '2', '3'],
        hideFrom: '02:00:11',
        reveal: 'lessons.l3.s4.reveal',
      },
    },
    {
      id: 's5',
      preset: 's19a-advisory-pause-keeps-it',
      playhead: '02:00:00',
      marks: [{ kind: 'lane', id: 'lock' }],
      caption: 'lessons.l3.s5.caption',
    },
  ],
};
