/**
 * No import cycle in the engine (ARCHITECTURE.md, "Engine"): the files of `src/sim/` and
 * `src/machines/` import each other in one direction only, type imports counted (a type-only
 * cycle still ties the files' shapes together). Test files and `*.testing.ts` helpers are left
 * out: they sit on top of the modules they test.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, normalize, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = join(__dirname, '..');

/** Every `.ts` file under `folder` but tests, as paths relative to the repository. */
function sourceFiles(folder: string): string[] {
  return readdirSync(join(ROOT, folder), { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.ts') && !file.endsWith('.test.ts') && !file.endsWith('.testing.ts'))
    .map((file) => normalize(join(folder, file)));
}

/** The relative modules `text` (the file `file`) imports or re-exports, `import type` included. */
function importTargets(file: string, text: string): string[] {
  const targets: string[] = [];
  for (const match of text.matchAll(/(?:^|\n)\s*(?:import|export)\b[^;]*?\bfrom\s+'(\.{1,2}\/[^']+)'/g)) {
    const specifier = match[1] as string;
    targets.push(normalize(join(dirname(file), specifier.endsWith('.ts') ? specifier : `${specifier}.ts`)));
  }
  return targets;
}

/** Strongly connected components of more than one file (or a file importing itself): the cycles. */
function cyclesOf(edges: ReadonlyMap<string, readonly string[]>): string[][] {
  const order = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const cycles: string[][] = [];
  const visit = (file: string): void => {
    order.set(file, order.size);
    low.set(file, order.get(file) as number);
    stack.push(file);
    onStack.add(file);
    for (const target of edges.get(file) ?? []) {
      if (!edges.has(target)) continue;
      if (!order.has(target)) {
        visit(target);
        low.set(file, Math.min(low.get(file) as number, low.get(target) as number));
      } else if (onStack.has(target)) {
        low.set(file, Math.min(low.get(file) as number, order.get(target) as number));
      }
    }
    if (low.get(file) !== order.get(file)) return;
    const component: string[] = [];
    for (;;) {
      const member = stack.pop() as string;
      onStack.delete(member);
      component.push(member);
      if (member === file) break;
    }
    if (component.length > 1 || edges.get(file)?.includes(file)) cycles.push(component.sort());
  };
  for (const file of edges.keys()) if (!order.has(file)) visit(file);
  return cycles;
}

describe('import cycles', () => {
  it('the engine and the machines import in one direction only, type imports counted', () => {
    const files = [...sourceFiles('src/sim'), ...sourceFiles('src/machines')];
    expect(files.length).toBeGreaterThan(40);
    const edges = new Map(files.map((file) => [file, importTargets(file, readFileSync(join(ROOT, file), 'utf8'))]));
    expect(cyclesOf(edges).map((cycle) => cycle.map((file) => relative('src', file)))).toEqual([]);
  });

  it('reads type imports, re-exports and imports over several lines, and no packages', () => {
    const text = [
      "import type { Simulation } from './simulation';",
      "import {\n  a,\n  type B,\n} from '../model/thing';",
      "export { c } from './c';",
      "export type * from './d.ts';",
      "import { createActor } from 'xstate';",
      "const text = 'import nothing from here';",
    ].join('\n');
    expect(importTargets('src/sim/x.ts', text)).toEqual(
      ['src/sim/simulation.ts', 'src/model/thing.ts', 'src/sim/c.ts', 'src/sim/d.ts'].map((file) => normalize(file)),
    );
  });

  it('finds a cycle of three, a file importing itself, and nothing in a chain', () => {
    const graph = (entries: Record<string, string[]>) => new Map(Object.entries(entries));
    expect(cyclesOf(graph({ a: ['b'], b: ['c'], c: ['a'], d: ['a'] }))).toEqual([['a', 'b', 'c']]);
    expect(cyclesOf(graph({ a: ['a'], b: ['a'] }))).toEqual([['a']]);
    expect(cyclesOf(graph({ a: ['b'], b: ['c'], c: [] }))).toEqual([]);
  });
});
