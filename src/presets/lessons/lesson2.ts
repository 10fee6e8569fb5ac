/**
 * Lesson 2 (docs/model.md §10 L2), "Leases and leader election": a lease expires and a plain lock
 * does not (Q2); a leader renews its lease, and when it dies another takes over (EX02); a
 * partitioned leader must stop, and stopping on failed renewal does not cover a pause.
 */
import type { Lesson } from './lessonTypes';

export const LESSON_2: Lesson = {
  id: 'l2',
  curriculum: 'L2',
  title: 'lessons.l2.title',
  steps: [
    {
      id: 's1',
      preset: 's03-holder-crashes',
      playhead: '02:01:00',
      marks: [{ kind: 'grant', replica: 'A' }],
      caption: 'lessons.l2.s1.caption',
      prediction: {
        question: 'lessons.l2.s1.question',
        measure: { kind: 'firstGrant', replica: 'B' },
        answers: ['02:01:10', '02:30:10', 'never'],
        hideFrom: '02:01:00',
        reveal: 'lessons.l2.s1.reveal',
      },
    },
    {
      id: 's2',
      preset: 's03b-plain-lock',
      playhead: '02:01:00',
      marks: [{ kind: 'grant', replica: 'A' }],
      caption: 'lessons.l2.s2.caption',
      prediction: {
        question: 'lessons.l2.s2.question',
        measure: { kind: 'firstGrant', replica: 'B' },
        answers: ['02:01:10', '02:30:10', 'never'],
        hideFrom: '02:01:00',
        reveal: 'lessons.l2.s2.reveal',
      },
    },
    {
      id: 's3',
      preset: 's12-leader-dies',
      playhead: '02:01:41',
      // Close in on the takeover: a full lease duration (15 s) after the last renewal B saw.
      range: { from: '02:01:20', to: '02:02:20' },
      marks: [
        { kind: 'grant', replica: 'A' },
        { kind: 'grant', replica: 'B' },
      ],
      caption: 'lessons.l2.s3.caption',
    },
    {
      id: 's4',
      preset: 's13a-partitioned-leader-exits',
      playhead: '02:00:30',
      marks: [{ kind: 'lane', id: 'A' }],
      caption: 'lessons.l2.s4.caption',
    },
    {
      id: 's5',
      preset: 's14-paused-leader',
      playhead: '02:02:20',
      marks: [{ kind: 'write', replica: 'A', order: 1001 }],
      caption: 'lessons.l2.s5.caption',
      prediction: {
        question: 'lessons.l2.s5.question',
        measure: { kind: 'writeResult', write: { replica: 'A', order: 1001 } },
        answers: ['accepted', 'stale', 'notSent'],
        hideFrom: '02:02:20',
        reveal: 'lessons.l2.s5.reveal',
      },
    },
  ],
};
