/**
 * The key moments the playground steps between, and the words of those at the playhead. While
 * a lesson's prediction is pending, only the moments before its curtain: a step past it, or
 * its words, would give the answer away.
 */
import { useMemo } from 'react';
import { keyMomentSentence, momentTime } from '../../timeline/keyMomentText';
import { describeTimeline } from '../i18n';
import type { Night } from '../state/night';
import { useStores } from '../state/stores';
import { useUi } from '../state/uiStore';

export interface PlaygroundMoments {
  /** The distinct instants of the moments, in order. */
  readonly times: readonly number[];
  /** The moments at the playhead, each its own sentence with the time, or null for none. */
  readonly atPlayhead: string | null;
}

export function useKeyMoments(night: Extract<Night, { kind: 'ok' }> | null, playheadMs: number): PlaygroundMoments {
  const { ui } = useStores();
  const curtainMs = useUi(ui, (state) => state.highlight?.curtainFromMs ?? null);
  const moments = useMemo(() => {
    const all = night?.keyMoments ?? [];
    return curtainMs === null ? all : all.filter((moment) => moment.atMs < curtainMs);
  }, [night, curtainMs]);
  const times = useMemo(() => [...new Set(moments.map((moment) => moment.atMs))], [moments]);
  const here = moments.filter((moment) => moment.atMs === playheadMs);
  return {
    times,
    atPlayhead:
      here.length === 0
        ? null
        : describeTimeline('moment.announce', {
            time: momentTime(playheadMs),
            // Several at one instant (a session ends and the next holder takes over): each its own sentence.
            sentence: here.map((moment) => keyMomentSentence(moment, describeTimeline)).join('; '),
          }),
  };
}
