/**
 * Wires the message API to the embed's stores: announces `ready` and the verdict of every
 * night shown (the fencing switch, a drag, a `setFencing`), each key moment as the playhead
 * passes it, and carries out the host's commands with the same actions as the buttons.
 */
import type { TFunction } from 'i18next';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { keyMomentSentence, momentTime } from '../../timeline/keyMomentText';
import { sentence } from '../components/Verdict';
import { describeTimeline } from '../i18n';
import { modelProblemText } from '../i18n/modelErrorText';
import { stepFrom } from '../playground/stepTimes';
import { fencingSwitchEdits, switchFencing } from '../playground/switchFencing';
import type { Night } from '../state/night';
import type { Stores } from '../state/stores';
import { verdictData } from '../verdictData';
import { EMBED_COMMANDS, type EmbedAnnouncement, type EmbedCommand } from './embedMessages';
import { createHostChannel, type HostChannel } from './hostChannel';
import { momentsPassed } from './momentsPassed';

/** What the host is told of a night: its verdict in words and the invariants it breaks. */
function verdictOf(t: TFunction, night: Night, fencing: boolean): EmbedAnnouncement {
  if (night.kind === 'failed') return { type: 'error', text: t('verdict.failed', { message: night.message }) };
  if (night.kind === 'invalid')
    return { type: 'error', text: night.errors.map((error) => modelProblemText(t, error)).join(' ') };
  const data = verdictData(night.trace, night.scenario.job.kind);
  return {
    type: 'verdict',
    safe: night.report.safe,
    text: sentence(t, data),
    fencing,
    violations: night.report.violations.map(({ invariant, at, message }) => ({ invariant, at, message })),
  };
}

export function useHostMessages(stores: Stores, night: Night, hostOrigin: string | null): void {
  const { t } = useTranslation();
  const channel = useRef<HostChannel | null>(null);
  // invariant: the night on screen, read by commands and the playhead's watcher.
  const current = useRef(night);
  current.current = night;

  useEffect(() => {
    const { documents, ui } = stores;
    const windowOf = () =>
      current.current.kind === 'ok'
        ? { fromMs: current.current.scenario.windowFromMs, toMs: current.current.scenario.windowToMs }
        : null;
    const momentTimes = () =>
      current.current.kind === 'ok' ? [...new Set(current.current.keyMoments.map((moment) => moment.atMs))] : [];
    const run = (command: EmbedCommand) => {
      const span = windowOf();
      const head = ui.getState().playheadMs ?? span?.fromMs ?? 0;
      if (command.type === 'hello') announce();
      else if (command.type === 'setFencing') {
        const fencing = documents.getState().document.storage?.fencing ?? 'off';
        if ((fencing !== 'off') !== command.on) switchFencing(stores, fencingSwitchEdits(fencing));
      } else if (span === null) return;
      else if (command.type === 'play')
        ui.getState().set({ playing: true, playheadMs: head >= span.toMs ? span.fromMs : head });
      else if (command.type === 'pause') ui.getState().set({ playing: false });
      else if (command.type === 'step') {
        const next = stepFrom(momentTimes(), head, command.direction);
        if (next !== null) ui.getState().set({ playheadMs: next, playing: false });
      } else if (command.type === 'seek')
        ui.getState().set({ playheadMs: Math.min(span.toMs, Math.max(span.fromMs, command.ms)), playing: false });
    };
    const created = createHostChannel(window, hostOrigin, run);
    channel.current = created;
    const announce = () => {
      const span = windowOf();
      created.post({
        type: 'ready',
        commands: EMBED_COMMANDS,
        windowFromMs: span?.fromMs ?? 0,
        windowToMs: span?.toMs ?? 0,
      });
      const fencing = (documents.getState().document.storage?.fencing ?? 'off') !== 'off';
      created.post(verdictOf(t, current.current, fencing));
    };
    announce();
    const unsubscribe = ui.subscribe((state, previous) => {
      if (state.playheadMs === previous.playheadMs || state.playheadMs === null) return;
      const shown = current.current;
      if (shown.kind !== 'ok') return;
      for (const atMs of momentsPassed(momentTimes(), previous.playheadMs, state.playheadMs)) {
        const sentences = shown.keyMoments
          .filter((moment) => moment.atMs === atMs)
          .map((moment) => keyMomentSentence(moment, describeTimeline));
        const text = describeTimeline('moment.announce', { time: momentTime(atMs), sentence: sentences.join('; ') });
        created.post({ type: 'keyMoment', atMs, text });
      }
    });
    return () => {
      unsubscribe();
      created.destroy();
      channel.current = null;
    };
  }, [stores, hostOrigin, t]);

  // Every night shown after the first (the first is in the announcement above) tells its verdict.
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    const fencing = (stores.documents.getState().document.storage?.fencing ?? 'off') !== 'off';
    channel.current?.post(verdictOf(t, night, fencing));
  }, [night, stores, t]);
}
