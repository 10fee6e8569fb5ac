/**
 * Lesson 1 (docs/model.md §10 L1), "When only one instance may act": three replicas run the job
 * three times; which jobs need one runner and which have another design (EX01): a unique key,
 * SKIP LOCKED for the outbox, a "sent for date" record for the digest, an idempotent cleanup.
 */
import type { Lesson } from './lessonTypes';

export const LESSON_1: Lesson = {
  id: 'l1',
  curriculum: 'L1',
  title: 'lessons.l1.title',
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
      caption: 'lessons.l1.s1.caption',
      prediction: {
        question: 'lessons.l1.s1.question',
        measure: { kind: 'timesApplied', order: 1004 },
        answers: ['1', '2', '3'],
        hideFrom: '02:00:20',
        reveal: 'lessons.l1.s1.reveal',
      },
    },
    {
      id: 's2',
      preset: 's01-unique-key',
      playhead: '02:00:50',
      marks: [
        { kind: 'write', replica: 'A', order: 1001 },
        { kind: 'write', replica: 'B', order: 1001 },
      ],
      caption: 'lessons.l1.s2.caption',
      prediction: {
        question: 'lessons.l1.s2.question',
        measure: { kind: 'writeResult', write: { replica: 'B', order: 1001 } },
        answers: ['accepted', 'stale', 'duplicate'],
        hideFrom: '02:00:50',
        reveal: 'lessons.l1.s2.reveal',
      },
    },
    {
      id: 's3',
      preset: 's16-outbox-skip-locked',
      playhead: '02:00:00',
      // Every claim and publish happens in the first 0.6 s of the 10 s night.
      range: { from: '02:00:00', to: '02:00:01' },
      marks: [{ kind: 'lane', id: 'storage' }],
      caption: 'lessons.l1.s3.caption',
    },
    {
      id: 's4',
      preset: 's17-digest-send-then-claim',
      playhead: '02:00:03',
      marks: [{ kind: 'lane', id: 'storage' }],
      caption: 'lessons.l1.s4.caption',
    },
    {
      id: 's5',
      preset: 's17-digest-claim-then-send',
      playhead: '02:00:00',
      caption: 'lessons.l1.s5.caption',
      prediction: {
        question: 'lessons.l1.s5.question',
        measure: { kind: 'verdict' },
        answers: ['safe', 'unsafe'],
        hideFrom: '02:00:00',
        reveal: 'lessons.l1.s5.reveal',
      },
    },
    {
      id: 's6',
      preset: 's18-cleanup-idempotent',
      playhead: '02:00:00',
      caption: 'lessons.l1.s6.caption',
    },
  ],
};
