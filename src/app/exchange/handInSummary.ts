/**
 * What an exported picture says beside the chart, and what the file is called. A hand-in
 * (a document with an `exercise`) shows the student's name, the verdict and, for EX03, the
 * checklist, so a picture read on its own (or thirty on one page) tells what the night shows;
 * its file is `ex03-<name>-<date>`. Pure apart from translation.
 */
import type { TFunction } from 'i18next';
import type { ScenarioDocument } from '../../model/scenarioSchema';
import { ex03Checklist } from '../../sim/readings/ex03Checklist';
import { sentence } from '../components/Verdict';
import { EXERCISE_ID } from '../exercise/ex03Night';
import { nightOf } from '../state/night';
import { verdictData } from '../verdictData';
import { fileStem } from './download';

/** The lines under the title: name, verdict, checklist (each line plain text). */
export function handInSummary(t: TFunction, document: ScenarioDocument): string[] {
  const night = nightOf(document);
  const lines: string[] = [];
  if (document.exercise !== undefined) {
    const name = document.student?.trim() ?? '';
    lines.push(name === '' ? t('exchange.export.noStudent') : t('exchange.export.student', { name }));
  }
  if (night.kind !== 'ok') return lines;
  lines.push(sentence(t, verdictData(night.trace, night.scenario.job.kind)));
  if (document.exercise !== EXERCISE_ID) return lines;
  const checklist = ex03Checklist(night.scenario, night.trace);
  const done = checklist.items.filter((item) => item.done).length;
  lines.push(t('exchange.export.checklist', { done, total: checklist.items.length }));
  for (const item of checklist.items) {
    const text = t(`exercise.items.${item.id}`);
    lines.push(item.done ? t('exchange.export.itemDone', { text }) : t('exchange.export.itemOpen', { text }));
  }
  return lines;
}

/** A name as a piece of a file name: letters and digits of any script, dashes between. */
export function nameStem(name: string): string {
  return name
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 40)
    .replace(/-+$/, '');
}

/** `ex03-alice-martin-2026-12-01` for a hand-in, else the title's stem; `date` is the local day. */
export function exportStem(document: ScenarioDocument, date: Date): string {
  if (document.exercise === undefined) return fileStem(document.title);
  const day = `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`;
  const exercise = nameStem(document.exercise) || 'exercise';
  const student = nameStem(document.student ?? '') || 'no-name';
  return `${exercise}-${student}-${day}`;
}
