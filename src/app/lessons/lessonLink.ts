/**
 * Links that open a lesson at a step, optionally straight into presentation mode:
 * `#lesson=l5&step=3&present=1` (step counted from 1, as the player shows it). They live beside
 * the `#s=` share links (docs/share-links.md): a fragment is one or the other. Pure.
 */
import { findLesson } from '../../presets/lessons';

export interface LessonLink {
  readonly lessonId: string;
  /** 0-based. */
  readonly stepIndex: number;
  readonly present: boolean;
}

/** The lesson link in a fragment, or null when it is not one or names no lesson; a step out of range is clamped. */
export function parseLessonFragment(hash: string): LessonLink | null {
  const params = new URLSearchParams(hash.replace(/^#/, ''));
  const lessonId = params.get('lesson');
  if (lessonId === null) return null;
  const lesson = findLesson(lessonId);
  if (!lesson) return null;
  const step = Number.parseInt(params.get('step') ?? '1', 10);
  const stepIndex = Math.min(lesson.steps.length - 1, Math.max(0, Number.isFinite(step) ? step - 1 : 0));
  return { lessonId, stepIndex, present: params.get('present') === '1' };
}

export function lessonFragment(link: LessonLink): string {
  return `#lesson=${encodeURIComponent(link.lessonId)}&step=${link.stepIndex + 1}${link.present ? '&present=1' : ''}`;
}

/** The id of a `#lesson=` link that names no lesson (`#lesson=l9`), or null. */
export function unknownLessonId(hash: string): string | null {
  const lessonId = new URLSearchParams(hash.replace(/^#/, '')).get('lesson');
  return lessonId !== null && findLesson(lessonId) === undefined ? lessonId : null;
}
