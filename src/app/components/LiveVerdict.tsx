import { useMemo } from 'react';
import { scenarioWarnings } from '../../model/loadScenario';
import { useDocument } from '../state/documentStore';
import { nightOf } from '../state/night';
import { useStores } from '../state/stores';
import { shownDragDocument, useUi } from '../state/uiStore';
import { Verdict } from './Verdict';

/**
 * The verdict of the night being looked at: while dragging, the night the chart shows (a big
 * night's arrives from the worker after the move), else the document's; with the keys of
 * the document that are not fields (a drag moves values, never keys, so the committed
 * document's keys are the shown night's).
 */
export function LiveVerdict() {
  const { documents, ui } = useStores();
  const committed = useDocument(documents, (state) => state.document);
  const shown = useUi(ui, shownDragDocument);
  const warnings = useMemo(() => scenarioWarnings(committed, 'scenario.json'), [committed]);
  return <Verdict night={nightOf(shown ?? committed)} warnings={warnings} />;
}
