/**
 * The smallest failing night as `verify` prints and writes it: the night's file with a title
 * and a description that say how it was found and tell its story (read off its trace, as
 * `search` tells its found nights: `search/describeFoundNight.ts`). Pure.
 */
import type { ScenarioDocument } from '../model/scenarioSchema';
import { faultSentence, foundNightStory, foundNightTitle, grouped } from '../search/describeFoundNight';
import type { SearchSpace } from '../search/searchSpace';
import { simulate } from '../sim/simulate';
import type { FailingNight } from './smallestNight';
import { loadVerifyNight, verifyNightFile } from './verifyNight';

/** `smallest`'s file, titled and described; `failingAtCount` failing nights have as many faults. */
export function describedNight(
  space: SearchSpace,
  smallest: FailingNight,
  failingAtCount: number,
  fresh: boolean,
): ScenarioDocument {
  const file = verifyNightFile(space, smallest.night);
  const scenario = loadVerifyNight(file);
  if (scenario === null) throw new Error('the smallest failing night no longer loads');
  const trace = simulate(scenario);
  const facts = { night: smallest.night, names: space, scenario, trace, invariants: space.invariants };
  const faults = smallest.night.length;
  // Named for both doors to the same check: the app's "Check every night" button and the command.
  const found =
    faults === 0
      ? "The file's own night already breaks it: checking every night (leaseline verify) added nothing."
      : failingAtCount === 1
        ? `Found by checking every night (leaseline verify): the one failing night with ${faults} ${faults === 1 ? 'fault' : 'faults'}, and none fails with fewer.`
        : `Found by checking every night (leaseline verify): the smallest of ${grouped(failingAtCount)} failing nights with ${faults} ${faults === 1 ? 'fault' : 'faults'}, and none fails with fewer.`;
  const kept = keptSentence(space, fresh);
  const added =
    faults === 0
      ? ''
      : ` Added: ${smallest.night.map((fault) => faultSentence(fault, space, scenario.job.kind)).join('; ')}.`;
  const { format, version, title: _title, description: _description, ...rest } = file.document;
  return {
    format,
    version,
    title: foundNightTitle({ baseTitle: space.baseScenario.title, night: smallest.night }),
    description: `${found}${kept}${added}\n\n${foundNightStory(facts).join('\n')}`,
    ...rest,
  };
}

function keptSentence(space: SearchSpace, fresh: boolean): string {
  if (fresh) return " The file's own events are left out.";
  const count = space.baseDocument.events?.length ?? 0;
  if (count === 0) return '';
  return count === 1 ? " The file's own event is kept." : ` The file's own ${grouped(count)} events are kept.`;
}
