import type { TFunction } from 'i18next';

/** Every state of the replica machine with a name in the resource file. */
export const NAMED_STATES = [
  'idle',
  'dueCheck',
  'acquiring',
  'fencing',
  'routing',
  'loading',
  'minting',
  'computing',
  'checkingHolder',
  'writing',
  'markingDone',
  'recording',
  'aborting',
  'releasing',
] as const;
type NamedState = (typeof NAMED_STATES)[number];

const named: ReadonlySet<string> = new Set(NAMED_STATES);

/** A machine state in words ("due check"); a state added to the machine later shows its key. */
export function stateName(t: TFunction, state: string): string {
  return named.has(state) ? t(`panels.state.${state as NamedState}`) : state;
}
