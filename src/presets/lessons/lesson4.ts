/**
 * Lesson 4 (docs/model.md §10 L4), "Fencing tokens": the paused holder's token-7 write after
 * token 8 (Q4, Q8), accepted without a fence and rejected with one (EX04's rule in storage);
 * a check in the client is not a fence (S08, Q6); a write delayed in the network (S09); the
 * same rule against a lock too short for the run; a token minted after the grant (S20); a
 * fence per row (S21); a leader's epoch, and etcd's revision; then every night of the flagship
 * within small bounds, without fencing and with it (docs/verify.md).
 */
import { VERIFY_FENCING } from '../verifySteps';
import type { Lesson } from './lessonTypes';

export const LESSON_4: Lesson = {
  id: 'l4',
  curriculum: 'L4',
  title: 'lessons.l4.title',
  steps: [
    {
      id: 's1',
      preset: 's07-fencing-off',
      playhead: '02:05:10',
      marks: [
        { kind: 'grant', replica: 'A' },
        { kind: 'grant', replica: 'B' },
      ],
      caption: 'lessons.l4.s1.caption',
    },
    {
      id: 's2',
      preset: 's07-fencing-off',
      playhead: '02:07:50',
      marks: [{ kind: 'write', replica: 'A', order: 1003 }],
      caption: 'lessons.l4.s2.caption',
      prediction: {
        question: 'lessons.l4.s2.question',
        measure: { kind: 'writeResult', write: { replica: 'A', order: 1003 } },
        answers: ['accepted', 'stale', 'notSent'],
        hideFrom: '02:07:50',
        reveal: 'lessons.l4.s2.reveal',
      },
    },
    {
      id: 's3',
      preset: 's07-fencing-on',
      playhead: '02:07:50',
      marks: [
        { kind: 'write', replica: 'A', order: 1003 },
        { kind: 'lane', id: 'storage' },
      ],
      caption: 'lessons.l4.s3.caption',
      prediction: {
        question: 'lessons.l4.s3.question',
        measure: { kind: 'writeResult', write: { replica: 'A', order: 1003 } },
        answers: ['accepted', 'stale', 'notSent'],
        hideFrom: '02:07:50',
        reveal: 'lessons.l4.s3.reveal',
      },
    },
    {
      id: 's4',
      preset: 's08-check-then-write',
      playhead: '02:07:50',
      marks: [
        { kind: 'event', id: 'p1' },
        { kind: 'write', replica: 'A', order: 1003 },
      ],
      caption: 'lessons.l4.s4.caption',
      prediction: {
        question: 'lessons.l4.s4.question',
        measure: { kind: 'writeResult', write: { replica: 'A', order: 1003 } },
        answers: ['accepted', 'stale', 'notSent'],
        hideFrom: '02:07:50',
        reveal: 'lessons.l4.s4.reveal',
      },
    },
    {
      id: 's5',
      preset: 's09-delayed-write-fenced',
      playhead: '02:06:50',
      marks: [
        { kind: 'event', id: 'd1' },
        { kind: 'write', replica: 'A', order: 1003 },
      ],
      caption: 'lessons.l4.s5.caption',
      prediction: {
        question: 'lessons.l4.s5.question',
        measure: { kind: 'writeResult', write: { replica: 'A', order: 1003 } },
        answers: ['accepted', 'stale', 'notSent'],
        hideFrom: '02:06:50',
        reveal: 'lessons.l4.s5.reveal',
      },
    },
    {
      id: 's6',
      preset: 's04-atmost-too-short-fenced',
      playhead: '02:11:50',
      marks: [{ kind: 'write', replica: 'A', order: 1003 }],
      caption: 'lessons.l4.s6.caption',
      prediction: {
        question: 'lessons.l4.s6.question',
        measure: { kind: 'writeResult', write: { replica: 'A', order: 1003 } },
        answers: ['accepted', 'stale', 'notSent'],
        hideFrom: '02:11:50',
        reveal: 'lessons.l4.s6.reveal',
      },
    },
    {
      id: 's7',
      preset: 's20-token-after-load',
      playhead: '02:06:50',
      marks: [
        { kind: 'grant', replica: 'A' },
        { kind: 'grant', replica: 'B' },
      ],
      caption: 'lessons.l4.s7.caption',
    },
    {
      id: 's8',
      preset: 's21a-per-row-fencing',
      playhead: '02:05:50',
      marks: [{ kind: 'write', replica: 'A', order: 1003 }],
      caption: 'lessons.l4.s8.caption',
      prediction: {
        question: 'lessons.l4.s8.question',
        measure: { kind: 'writeResult', write: { replica: 'A', order: 1003 } },
        answers: ['accepted', 'stale', 'notSent'],
        hideFrom: '02:05:50',
        reveal: 'lessons.l4.s8.reveal',
      },
    },
    {
      id: 's9',
      preset: 's14-paused-leader-fenced',
      playhead: '02:02:20',
      marks: [{ kind: 'write', replica: 'A', order: 1001 }],
      caption: 'lessons.l4.s9.caption',
    },
    {
      id: 's10',
      preset: 's15-etcd-session-expires',
      playhead: '02:00:00',
      marks: [{ kind: 'lane', id: 'lock' }],
      caption: 'lessons.l4.s10.caption',
    },
    {
      id: 's11',
      preset: 's07-fencing-off',
      playhead: '02:00:00',
      caption: 'lessons.l4.s11.caption',
      verify: VERIFY_FENCING,
    },
  ],
};
