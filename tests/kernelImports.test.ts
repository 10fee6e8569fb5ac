/**
 * The kernel imports no lock service and no job (ARCHITECTURE.md, "Engine"): the files directly
 * under `src/sim/` reach a service or a job only through its registry (`services/registry.ts`,
 * `jobs/registry.ts`) and the interfaces (`services/lockService.ts`, `jobs/job.ts`), so adding a
 * mechanism is its folder and one registry line. The services and the jobs do not import each
 * other, and nothing in the engine reads `readings/` (what a finished trace says is read by the
 * app, the CLI and the grader). Type imports count. Test files and `*.testing.ts` helpers are
 * left out: they sit on top of what they test.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, normalize, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = join(__dirname, '..');
const SIM = 'src/sim';

/** The engine's source files (tests left out), relative to the repository. */
function engineFiles(): string[] {
  return readdirSync(join(ROOT, SIM), { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.ts') && !file.endsWith('.test.ts') && !file.endsWith('.testing.ts'))
    .map((file) => normalize(join(SIM, file)));
}

/** The relative modules `file` imports or re-exports (`import type` included), relative to `src/sim`. */
function importsOf(file: string): string[] {
  const text = readFileSync(join(ROOT, file), 'utf8');
  const targets: string[] = [];
  for (const match of text.matchAll(/(?:^|\n)\s*(?:import|export)\b[^;]*?\bfrom\s+'(\.{1,2}\/[^']+)'/g)) {
    const specifier = match[1] as string;
    const target = normalize(join(dirname(file), specifier.endsWith('.ts') ? specifier : `${specifier}.ts`));
    targets.push(relative(SIM, target));
  }
  return targets;
}

/** The part of the engine a file (relative to `src/sim`) belongs to. */
function partOf(simPath: string): 'kernel' | 'services' | 'jobs' | 'readings' | 'outside' {
  if (simPath.startsWith('..')) return 'outside';
  const [first, ...rest] = simPath.split('/');
  if (rest.length === 0) return 'kernel';
  if (first === 'services' || first === 'jobs' || first === 'readings') return first;
  return 'kernel';
}

const KERNEL_MAY_IMPORT = new Set([
  'services/registry.ts',
  'services/lockService.ts',
  'jobs/registry.ts',
  'jobs/job.ts',
]);

/** Whether `from` importing `to` (both relative to `src/sim`) crosses a line the engine's shape forbids. */
function crosses(from: string, to: string): boolean {
  const fromPart = partOf(from);
  const toPart = partOf(to);
  return (
    (fromPart === 'kernel' && (toPart === 'services' || toPart === 'jobs') && !KERNEL_MAY_IMPORT.has(to)) ||
    (fromPart === 'services' && toPart === 'jobs') ||
    (fromPart === 'jobs' && toPart === 'services') ||
    (fromPart !== 'readings' && toPart === 'readings')
  );
}

/** `from -> to` for every import of the engine that crosses a forbidden line. */
function forbiddenImports(): string[] {
  const found: string[] = [];
  for (const file of engineFiles()) {
    const from = relative(SIM, file);
    for (const to of importsOf(file)) if (crosses(from, to)) found.push(`${from} -> ${to}`);
  }
  return found.sort();
}

describe('the kernel imports no service and no job', () => {
  it('reaches services and jobs through their registries and interfaces only; services, jobs and readings stay apart', () => {
    expect(engineFiles().length).toBeGreaterThan(60);
    expect(forbiddenImports()).toEqual([]);
  });

  it('the registries list every service and job folder (a folder nobody lists is dead code)', () => {
    const registered = (registry: string, folder: string): string[] => {
      // `services/redis/redisService.ts` names the folder `redis`; `services/lockService.ts` is no folder.
      const imported = importsOf(join(SIM, registry)).filter(
        (target) => target.startsWith(`${folder}/`) && target.split('/').length > 2,
      );
      return [...new Set(imported.map((target) => target.split('/')[1] as string))].sort();
    };
    const folders = (folder: string): string[] =>
      readdirSync(join(ROOT, SIM, folder), { withFileTypes: true })
        .filter((entry) => entry.isDirectory())
        .map((entry) => entry.name)
        .sort();
    expect(registered('services/registry.ts', 'services')).toEqual(folders('services'));
    expect(registered('jobs/registry.ts', 'jobs')).toEqual(folders('jobs'));
  });

  it('tells the lines apart: a direct import of a service module is caught, the registry is not', () => {
    expect(crosses('simulate.ts', 'services/redis/redisLock.ts')).toBe(true);
    expect(crosses('simulate.ts', 'services/registry.ts')).toBe(false);
    expect(crosses('requestExecution.ts', 'jobs/outbox/outboxRelay.ts')).toBe(true);
    expect(crosses('requestExecution.ts', 'jobs/registry.ts')).toBe(false);
    expect(crosses('services/redis/redisLock.ts', 'jobs/registry.ts')).toBe(true);
    expect(crosses('jobs/outbox/outboxJob.ts', 'readings/keyMoments.ts')).toBe(true);
    expect(crosses('readings/checkReport.ts', 'readings/describeViolation.ts')).toBe(false);
    expect(crosses('services/redis/redisLock.ts', '../model/resolvedScenario.ts')).toBe(false);
  });
});
