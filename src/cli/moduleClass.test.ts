/** A class folder read as the module report reads it: a LAB1 worker's files are the worker's, not hand-ins. */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { findPreset, PRESETS } from '../presets/catalogue';
import { collectClass } from './moduleClass';
import { nodeIo } from './nodeIo';
import { simulatorEngine } from './simulatorEngine';
import { temporaryFolder } from './spawnLeaseline.testing';

const context = { io: nodeIo, engine: simulatorEngine, presets: PRESETS, version: 'test' };
const handIn = (exercise: string, student: string, answer: object) =>
  JSON.stringify({ format: 'leaseline/hand-in', version: 1, exercise, student, date: '2026-12-05', answer });

describe('collectClass', () => {
  it("passes over a worker's own files, keeps the hand-ins beside them, and takes no worker folder for a student", () => {
    const folder = temporaryFolder('class-');
    // Ann's worker is her own folder ('.'): her EX03 night stays, its package.json does not count.
    mkdirSync(join(folder, 'ann'));
    writeFileSync(
      join(folder, 'ann', 'lab1-ann-2026-12-05.json'),
      handIn('lab1', 'Ann', { folder: '.', command: 'node w.mjs' }),
    );
    writeFileSync(join(folder, 'ann', 'package.json'), '{"type": "module"}');
    writeFileSync(join(folder, 'ann', 'night.json'), JSON.stringify(findPreset('s07-fencing-off')?.document));
    // Ben hands in loose files; his worker folder beside them is not a student.
    writeFileSync(
      join(folder, 'lab1-ben-2026-12-05.json'),
      handIn('lab1', 'Ben', { folder: 'ben-worker', command: 'node w.mjs' }),
    );
    mkdirSync(join(folder, 'ben-worker'));
    writeFileSync(join(folder, 'ben-worker', 'package.json'), '{}');
    // Cal has no LAB1: a stray package.json in his folder is an invalid EX03, as before.
    mkdirSync(join(folder, 'cal'));
    writeFileSync(join(folder, 'cal', 'package.json'), '{}');

    const found = collectClass(context, folder);
    const rows = Object.fromEntries(
      (found?.students ?? []).map((student) => [
        student.key,
        student.files.map(
          (file) =>
            `${file.exercise}:${(file.exercise === 'ex03' ? file.ex03.file : file.loaded.file).slice(folder.length + 1)}`,
        ),
      ]),
    );
    expect(rows).toEqual({
      ann: ['lab1:ann/lab1-ann-2026-12-05.json', 'ex03:ann/night.json'],
      cal: ['ex03:cal/package.json'],
      Ben: ['lab1:lab1-ben-2026-12-05.json'],
    });
  });
});
