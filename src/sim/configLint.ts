/**
 * I7, the configuration lint (docs/model.md §8, F3, F7): settings ShedLock rejects or that are
 * unsafe on their face, reported before the night is run. Pure. Each lock kind's findings are
 * its service's (`LockService.lint`), the job's are the job's (`Job.lint`); a fencing store
 * without a token is the kernel's.
 */
import type { ResolvedScenario } from '../model/resolvedScenario';
import { jobOf } from './jobs/registry';
import { lockServiceOf } from './services/registry';
import type { ViolationMessage } from './trace';

export function lintConfiguration(scenario: ResolvedScenario): ViolationMessage[] {
  const findings: ViolationMessage[] = [];
  const lock = scenario.lock;
  const service = lockServiceOf(lock);
  findings.push(...service.lint(scenario, lock));
  if (scenario.storage.fencing !== 'off' && !service.issuesTokens(lock)) findings.push({ key: 'fencingWithoutToken' });
  findings.push(...jobOf(scenario.job.kind).lint(scenario));
  return findings;
}
