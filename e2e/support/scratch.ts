/**
 * A fresh folder for one test's files (exports, broken documents, hand-ins), in Playwright's
 * output folder for that test (`test-results/`, emptied by the next run) rather than in the
 * system temp folder, where nothing would remove it.
 */
import { randomBytes } from 'node:crypto';
import { mkdir } from 'node:fs/promises';
import { test } from '@playwright/test';

export async function scratchFolder(prefix: string): Promise<string> {
  const folder = test.info().outputPath(`${prefix}${randomBytes(3).toString('hex')}`);
  await mkdir(folder, { recursive: true });
  return folder;
}
