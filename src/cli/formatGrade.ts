/**
 * What `grade` prints: per file a verdict (`complete`, `partial (4/6)`, `invalid: <reason>`)
 * with its flags (`[flagged: no explanation]`), the student's name, the explanation's word
 * count and the checklist, or with `--csv` one row per file for a gradebook (with the
 * explanation's text). File names, names and messages pass through `plainText`/`csvField`,
 * since students choose them. Pure.
 */
import { formatTimeOfNightMs } from '../model/timeOfNight';
import { EX03_ITEM_IDS, type Ex03Checklist, type Ex03ItemId } from '../sim/readings/ex03Checklist';
import { csvLine } from './csv';
import type { GradeOutcome } from './gradeCommand';
import { plainText } from './plainText';
import { formatTable } from './table';

/** The checklist's sentences, with the replicas the night names (X and Y when it names none). */
const ITEM_TEXT: Record<Ex03ItemId, (x: string, y: string) => string> = {
  acquires: (x) => `${x} is granted the lock`,
  stalls: (x) => `${x} stalls while holding it`,
  expires: (x) => `${x}'s lease expires while ${x} still believes it holds it`,
  takeover: (_, y) => `${y} acquires and writes (accepted)`,
  resumesWrites: (x, y) => `${x} resumes and writes after ${y}'s grant`,
  bothApplied: () => 'the same item is applied by both (double apply, I3)',
};

/** The verdict word(s) of one file, without its flags. */
export function gradeVerdict(outcome: GradeOutcome): string {
  if (outcome.kind === 'invalid') return 'invalid';
  const done = doneCount(outcome.checklist);
  return outcome.checklist.complete ? 'complete' : `partial (${done}/${EX03_ITEM_IDS.length})`;
}

/** The human report: a block per file, then a summary line when there are several. */
export function formatGradeText(outcomes: readonly GradeOutcome[]): string {
  const blocks = outcomes.map((outcome) => {
    const file = plainText(outcome.file);
    if (outcome.kind === 'invalid') return `${file}: invalid: ${reasonOf(outcome)}\n`;
    const { facts } = outcome;
    const flags = facts.flags.length === 0 ? '' : ` [flagged: ${facts.flags.join('; ')}]`;
    const name = facts.name === null ? 'not given' : plainText(facts.name);
    const words = facts.words === 1 ? '1 word' : `${facts.words} words`;
    return `${file}: ${gradeVerdict(outcome)}${flags}\n  student: ${name}\n  explanation: ${words}\n${checklistTable(outcome.checklist)}`;
  });
  if (outcomes.length !== 1) blocks.push(summary(outcomes));
  return blocks.join('');
}

/** The gradebook table: header, then per file each item, score, verdict and error. */
export function formatGradeCsv(outcomes: readonly GradeOutcome[]): string {
  const header = csvLine([
    'file',
    'name',
    ...EX03_ITEM_IDS,
    'score',
    'verdict',
    'flags',
    'words',
    'error',
    'explanation',
    'warnings',
  ]);
  const rows = outcomes.map((outcome) => {
    const file = plainText(outcome.file);
    if (outcome.kind === 'invalid') {
      return csvLine([
        file,
        '',
        ...EX03_ITEM_IDS.map(() => ''),
        '',
        'invalid',
        '',
        '',
        reasonOf(outcome),
        '',
        warningsText(outcome),
      ]);
    }
    const { facts } = outcome;
    const items = outcome.checklist.items.map((item) => (item.done ? 'yes' : 'no'));
    const score = String(doneCount(outcome.checklist));
    return csvLine([
      file,
      plainText(facts.name ?? ''),
      ...items,
      score,
      gradeVerdict(outcome),
      facts.flags.join('; '),
      String(facts.words),
      '',
      // The answer itself, line breaks kept (the field is quoted); other controls escaped.
      facts.explanation.split(/\r?\n/).map(plainText).join('\n'),
      warningsText(outcome),
    ]);
  });
  return header + rows.join('');
}

/**
 * The keys of a hand-in that are not fields, `path: message` joined by `; `: a student whose
 * `explanaton` was ignored is graded "no explanation", and the grader sees why. Pure.
 */
export function warningsText(outcome: GradeOutcome): string {
  return (outcome.warnings ?? []).map((warning) => plainText(warning.message)).join('; ');
}

/** The checklist's sentence for each item, naming the night's replicas. */
export function checklistLines(
  checklist: Ex03Checklist,
): { done: boolean; id: Ex03ItemId; text: string; atMs: number | null }[] {
  const x = checklist.items[0]?.replica ?? 'X';
  const y = checklist.items.find((item) => item.id === 'takeover')?.replica ?? 'Y';
  return checklist.items.map((item) => ({
    done: item.done,
    id: item.id,
    text: ITEM_TEXT[item.id](x, y),
    atMs: item.atMs,
  }));
}

function checklistTable(checklist: Ex03Checklist): string {
  const x = checklist.items[0]?.replica ?? 'X';
  const y = checklist.items.find((item) => item.id === 'takeover')?.replica ?? 'Y';
  const rows = checklist.items.map((item) => [
    item.done ? '[x]' : '[ ]',
    item.id,
    ITEM_TEXT[item.id](x, y),
    item.atMs === null ? '' : formatTimeOfNightMs(item.atMs),
  ]);
  return formatTable(rows, '  ');
}

/** The first error as `path: message`, and how many more there are (all go to stderr). */
export function reasonOf(outcome: Extract<GradeOutcome, { kind: 'invalid' }>): string {
  const [first] = outcome.errors;
  if (first === undefined) return 'not a hand-in';
  const text = first.path === '$' || first.path === '' ? first.message : `${first.path}: ${first.message}`;
  const more = outcome.errors.length - 1;
  return plainText(more > 0 ? `${text} (and ${more} more problems)` : text);
}

function doneCount(checklist: Ex03Checklist): number {
  return checklist.items.filter((item) => item.done).length;
}

function summary(outcomes: readonly GradeOutcome[]): string {
  const count = (verdict: (outcome: GradeOutcome) => boolean) => outcomes.filter(verdict).length;
  const complete = count((outcome) => outcome.kind === 'graded' && outcome.checklist.complete);
  const partial = count((outcome) => outcome.kind === 'graded' && !outcome.checklist.complete);
  const invalid = count((outcome) => outcome.kind === 'invalid');
  const flagged = count((outcome) => outcome.kind === 'graded' && outcome.facts.flags.length > 0);
  return `\n${outcomes.length} files: ${complete} complete, ${partial} partial, ${invalid} invalid; ${flagged} flagged\n`;
}
