/**
 * The module's pass rule (the course's MID-032): "at least five exercises, 8 of 10 quiz
 * answers, and a paused-instance test with no double-applied change" (LAB1). Written answers
 * wait for a person, so a student can be undecided: the verdict is then "open" with what is
 * still to settle, never a pass or a fail that a mark still to come could reverse. Pure.
 */

/** One exercise's state in the module report. */
export type ExerciseStatus = 'pass' | 'fail' | 'to mark' | 'missing' | 'invalid';

/** LAB1's state: the lab's acceptance test on the student's worker (`grade lab`) passed, failed... */
export type LabStatus = ExerciseStatus;

export const MODULE_EXERCISES = ['ex01', 'ex02', 'ex03', 'ex04', 'ex05', 'ex06'] as const;
export type ModuleExercise = (typeof MODULE_EXERCISES)[number];

/** Exercises a student must pass, quiz answers a student must get right, out of how many. */
export const EXERCISES_NEEDED = 5;
export const QUIZ_NEEDED = 8;
export const QUIZ_OUT_OF = 10;

export interface ModuleStanding {
  readonly exercises: Readonly<Record<ModuleExercise, ExerciseStatus>>;
  readonly lab: LabStatus;
  /** The quiz score out of 10, or null when the instructor's file does not give it. */
  readonly quiz: number | null;
}

export type ModuleVerdict =
  | { readonly kind: 'passes' }
  | { readonly kind: 'fails'; readonly reasons: readonly string[] }
  | { readonly kind: 'open'; readonly pending: readonly string[] };

/** The verdict by the pass rule. A fail that no pending mark can undo is a fail. Pure. */
export function moduleVerdict(standing: ModuleStanding): ModuleVerdict {
  const statuses = MODULE_EXERCISES.map((id) => standing.exercises[id]);
  const passed = statuses.filter((status) => status === 'pass').length;
  const toMark = MODULE_EXERCISES.filter((id) => standing.exercises[id] === 'to mark');
  const reasons: string[] = [];
  if (passed + toMark.length < EXERCISES_NEEDED) {
    const most = passed + toMark.length;
    reasons.push(
      `${most === passed ? passed : `at most ${most}`} of ${MODULE_EXERCISES.length} exercises pass (${EXERCISES_NEEDED} needed)`,
    );
  }
  if (standing.quiz !== null && standing.quiz < QUIZ_NEEDED)
    reasons.push(`quiz ${standing.quiz}/${QUIZ_OUT_OF} (${QUIZ_NEEDED} needed)`);
  if (standing.lab === 'missing' || standing.lab === 'invalid' || standing.lab === 'fail')
    reasons.push(`LAB1 ${standing.lab === 'fail' ? 'failed' : standing.lab}`);
  if (reasons.length > 0) return { kind: 'fails', reasons };

  const pending: string[] = [];
  if (passed < EXERCISES_NEEDED) pending.push(`${toMark.map((id) => id.toUpperCase()).join(', ')} to mark`);
  if (standing.quiz === null) pending.push('quiz not given');
  if (standing.lab === 'to mark') pending.push('LAB1 to mark');
  return pending.length === 0 ? { kind: 'passes' } : { kind: 'open', pending };
}

/** `passes`, `fails: <reasons>` or `open: <what is still to settle>`. Pure. */
export function moduleVerdictText(verdict: ModuleVerdict): string {
  if (verdict.kind === 'passes') return 'passes';
  if (verdict.kind === 'fails') return `fails: ${verdict.reasons.join('; ')}`;
  return `open: ${verdict.pending.join('; ')}`;
}
