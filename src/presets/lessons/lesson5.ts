/**
 * Lesson 5, the demo (docs/model.md §10 L5): the nightly job once across three replicas, from no
 * lock (three runs) through ShedLock, a crashed holder and the paused holder with fencing off
 * and then on. The last two steps are the same night but for one switch, written as an edit
 * on the flagship, so the tour shows that the switch alone makes the difference.
 */
import type { Lesson } from './lessonTypes';

const FENCING_ON = [{ kind: 'patchStorage', patch: { fencing: 'job' } }] as const;

export const LESSON_5: Lesson = {
  id: 'l5',
  curriculum: 'L5',
  title: 'lessons.l5.title',
  steps: [
    {
      id: 's1',
      preset: 's01-no-lock',
      playhead: '02:00:00',
      marks: [
        { kind: 'lane', id: 'A' },
        { kind: 'lane', id: 'B' },
        { kind: 'lane', id: 'C' },
      ],
      caption: 'lessons.l5.s1.caption',
      prediction: {
        question: 'lessons.l5.s1.question',
        measure: { kind: 'timesApplied', order: 1004 },
        answers: ['1', '2', '3'],
        hideFrom: '02:00:20',
        reveal: 'lessons.l5.s1.reveal',
      },
    },
    {
      id: 's2',
      preset: 's02-shedlock-happy-path',
      playhead: '02:00:00',
      marks: [{ kind: 'grant', replica: 'A' }],
      caption: 'lessons.l5.s2.caption',
      prediction: {
        question: 'lessons.l5.s2.question',
        measure: { kind: 'timesApplied', order: 1004 },
        answers: ['1', '2', '3'],
        hideFrom: '02:00:01',
        reveal: 'lessons.l5.s2.reveal',
      },
    },
    {
      id: 's3',
      preset: 's03-holder-crashes',
      playhead: '02:01:00',
      marks: [
        { kind: 'grant', replica: 'A' },
        { kind: 'lane', id: 'A' },
      ],
      caption: 'lessons.l5.s3.caption',
      prediction: {
        question: 'lessons.l5.s3.question',
        measure: { kind: 'firstGrant', replica: 'B' },
        answers: ['02:01:10', '02:30:10', 'never'],
        hideFrom: '02:01:00',
        reveal: 'lessons.l5.s3.reveal',
      },
    },
    {
      id: 's4',
      preset: 's07-fencing-off',
      playhead: '02:05:10',
      marks: [
        { kind: 'event', id: 'p1' },
        { kind: 'grant', replica: 'A' },
        { kind: 'grant', replica: 'B' },
      ],
      caption: 'lessons.l5.s4.caption',
    },
    {
      id: 's5',
      preset: 's07-fencing-off',
      playhead: '02:07:50',
      marks: [{ kind: 'write', replica: 'A', order: 1003 }],
      caption: 'lessons.l5.s5.caption',
      prediction: {
        question: 'lessons.l5.s5.question',
        measure: { kind: 'writeResult', write: { replica: 'A', order: 1003 } },
        answers: ['accepted', 'stale', 'notSent'],
        hideFrom: '02:07:50',
        reveal: 'lessons.l5.s5.reveal',
      },
    },
    {
      id: 's6',
      preset: 's07-fencing-off',
      edits: FENCING_ON,
      playhead: '02:07:50',
      marks: [{ kind: 'write', replica: 'A', order: 1003 }],
      caption: 'lessons.l5.s6.caption',
      prediction: {
        question: 'lessons.l5.s6.question',
        measure: { kind: 'writeResult', write: { replica: 'A', order: 1003 } },
        answers: ['accepted', 'stale', 'notSent'],
        hideFrom: '02:07:50',
        reveal: 'lessons.l5.s6.reveal',
      },
    },
    {
      id: 's7',
      preset: 's07-fencing-off',
      edits: FENCING_ON,
      playhead: '02:07:50',
      marks: [
        { kind: 'lane', id: 'storage' },
        { kind: 'grant', replica: 'B' },
      ],
      caption: 'lessons.l5.s7.caption',
    },
  ],
};
