/**
 * The repository speaks of itself alone: every `.md` file that a doc, a comment, a test name or
 * a message names is a file of the repository, so a reader who follows a citation
 * ("docs/model.md §4", "see docs/lab.md") finds it. A name is looked up from the repository's
 * root and from the naming file's own folder (a link inside docs/); names inside a URL point
 * elsewhere and are left alone.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, extname, join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '..');

/** Folders that are not the project's own text: installs, builds, reports. */
const SKIPPED_FOLDERS = new Set([
  'node_modules',
  'dist',
  'dist-cli',
  'test-results',
  'playwright-report',
  'bench-results',
  '.git',
  '.tmp',
]);
const TEXT_EXTENSIONS = new Set(['.ts', '.tsx', '.mjs', '.js', '.json', '.md', '.grit', '.html', '.css', '.yml', '']);
/** Generated, and full of package names: it names no document of ours. */
const SKIPPED_FILES = new Set(['package-lock.json']);

/**
 * A name ending in `.md`, with the characters a path or a URL may have (`\b`: `x.mdx` is not
 * one); a match holding `://` is a URL.
 */
const MD_NAME = /[A-Za-z0-9_./:-]*[A-Za-z0-9_-]\.md\b/g;

interface MdName {
  readonly name: string;
  readonly line: number;
}

/** Every `.md` name in `text` with its line, leaving out those inside a URL. Pure. */
function mdNamesIn(text: string): MdName[] {
  return text.split('\n').flatMap((lineText, index) =>
    [...lineText.matchAll(MD_NAME)]
      .map((match) => match[0])
      .filter((name) => !name.includes('://'))
      .map((name) => ({ name: name.replace(/^.*:/, ''), line: index + 1 })),
  );
}

function projectFiles(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) return SKIPPED_FOLDERS.has(entry.name) ? [] : projectFiles(path);
    if (!entry.isFile() || SKIPPED_FILES.has(entry.name)) return [];
    return TEXT_EXTENSIONS.has(extname(entry.name)) ? [path] : [];
  });
}

function resolves(name: string, fromFile: string): boolean {
  const bare = name.replace(/^\.\//, '');
  return existsSync(join(ROOT, bare)) || existsSync(join(dirname(fromFile), bare));
}

describe('documents named in the repository', () => {
  it('finds a missing document named in a comment, a test name or a sentence, and no URL', () => {
    // The names are put together so that this file itself names no missing document.
    const doc = (stem: string) => `${stem}.md`;
    const text = [
      `/** The replica machine (${doc('DOMAIN')} §4). */`,
      `it('loads the example of ${doc('FORMAT')}', () => {});`,
      `See ${doc('docs/lab')} and [the search](${doc('search')}).`,
      `Source: https://github.com/redis/redis-doc/blob/master/topics/${doc('distlock')} and \`${doc('owner/repo/README')}\``,
    ].join('\n');
    expect(mdNamesIn(text)).toEqual([
      { name: doc('DOMAIN'), line: 1 },
      { name: doc('FORMAT'), line: 2 },
      { name: doc('docs/lab'), line: 3 },
      { name: doc('search'), line: 3 },
      { name: doc('owner/repo/README'), line: 4 },
    ]);
    expect(resolves(doc('DOMAIN'), join(ROOT, 'src/machines/replicaMachine.ts'))).toBe(false);
    expect(resolves(doc('docs/lab'), join(ROOT, 'README.md'))).toBe(true);
    expect(resolves(doc('search'), join(ROOT, 'docs/presets.md'))).toBe(true);
    expect(resolves(doc('search'), join(ROOT, 'README.md'))).toBe(false);
  });

  it('names only documents the repository has', () => {
    const files = projectFiles(ROOT);
    expect(files.length).toBeGreaterThan(500);
    const missing = files.flatMap((file) =>
      mdNamesIn(readFileSync(file, 'utf8'))
        .filter(({ name }) => !resolves(name, file))
        .map(({ name, line }) => `${relative(ROOT, file)}:${line} names ${name}, which the repository lacks`),
    );
    expect(missing).toEqual([]);
  });
});
