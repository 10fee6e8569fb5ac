/**
 * What `search` and `verify` do with the night they found: load it (it must load: the
 * command built it), run `check` on it, and write it to `--out` when asked. One place, so
 * both commands name a failed write and refuse it alike.
 */

import { loadScenarioValue } from '../model/loadScenario';
import type { ResolvedScenario } from '../model/resolvedScenario';
import type { ScenarioDocument } from '../model/scenarioSchema';
import { serializeScenario } from '../model/serializeScenario';
import type { CheckReport } from '../sim/readings/checkReportTypes';
import { type CliContext, EXIT_INVALID } from './cliContext';
import { plainText } from './plainText';

/** The problem on stderr as `leaseline: problem`; the exit status of a bad option or file. */
export function refuse(context: CliContext, problem: string): number {
  context.io.stderr(`leaseline: ${problem}\n`);
  return EXIT_INVALID;
}

export type FoundNightOut =
  | { readonly ok: true; readonly scenario: ResolvedScenario; readonly report: CheckReport }
  | { readonly ok: false; readonly status: number };

/** The found night's check report, written to `out` first when given; `what` names it otherwise. */
export function reportFoundNight(
  context: CliContext,
  document: ScenarioDocument,
  out: string | undefined,
  what: string,
): FoundNightOut {
  const name = out ?? what;
  const night = loadScenarioValue(document, name);
  if (!night.ok) throw new Error(`the ${what} does not load`);
  const report = context.engine.report(name, night.scenario);
  if (out !== undefined) {
    try {
      context.io.writeFile(out, serializeScenario(document));
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      return { ok: false, status: refuse(context, `cannot write ${plainText(out)}: ${reason}`) };
    }
  }
  return { ok: true, scenario: night.scenario, report };
}
