/**
 * Validation of a scenario document that already has a valid header: the schema (one field
 * at a time) and then the cross-field checks, with every problem in the order a person
 * reading the file top to bottom meets it.
 */
import type { z } from 'zod';
import { crossCheckScenario } from './crossChecks';
import { detail, fromZodMessage } from './errorDetail';
import { comparePositions, documentPosition, type PathSegment } from './jsonPath';
import type { ScenarioIssue } from './scenarioError';
import { type ScenarioDocument, scenarioSchema } from './scenarioSchema';

/** More than this many problems are summarised: the first ones are what a person fixes first. */
export const ISSUES_MAX = 50;

export type ValidationResult =
  | { readonly ok: true; readonly document: ScenarioDocument }
  | { readonly ok: false; readonly issues: readonly ScenarioIssue[] };

/**
 * Every problem of `document` (JSON data, header checked by `migrateScenario`), sorted in
 * document order and capped at ISSUES_MAX; or the same object, typed, when there is none.
 * Pure: the document is returned as given, never rebuilt, so key order and unknown keys stay.
 */
export function validateScenario(document: Record<string, unknown>): ValidationResult {
  const parsed = scenarioSchema.safeParse(document);
  const issues = [...(parsed.success ? [] : parsed.error.issues.map(toScenarioIssue)), ...crossCheckScenario(document)];
  if (issues.length === 0) return { ok: true, document: document as ScenarioDocument };
  return { ok: false, issues: capIssues(sortInDocumentOrder(document, issues)) };
}

function toScenarioIssue(issue: z.core.$ZodIssue): ScenarioIssue {
  // Every schema in this folder sets its own message (with its detail, errorDetail.ts); the
  // path is zod's, minus symbols.
  const path = issue.path.filter((segment): segment is PathSegment => typeof segment !== 'symbol');
  return { path, ...fromZodMessage(issue.message) };
}

function sortInDocumentOrder(document: unknown, issues: readonly ScenarioIssue[]): ScenarioIssue[] {
  return issues
    .map((issue) => ({ issue, position: documentPosition(document, issue.path) }))
    .sort((a, b) => comparePositions(a.position, b.position))
    .map(({ issue }) => issue);
}

function capIssues(issues: ScenarioIssue[]): ScenarioIssue[] {
  if (issues.length <= ISSUES_MAX) return issues;
  const more = issues.length - ISSUES_MAX;
  const message = `and ${more} more problems not shown`;
  return [...issues.slice(0, ISSUES_MAX), { path: [], message, detail: detail('tooManyProblems', { count: more }) }];
}
