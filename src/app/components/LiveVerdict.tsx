import { useDocument } from '../state/documentStore';
import { nightOf } from '../state/night';
import { useStores } from '../state/stores';
import { shownDragDocument, useUi } from '../state/uiStore';
import { Verdict } from './Verdict';

/**
 * The verdict of the night being looked at: while dragging, the night the chart shows (a big
 * night's arrives from the worker after the move), else the document's.
 */
export function LiveVerdict() {
  const { documents, ui } = useStores();
  const committed = useDocument(documents, (state) => state.document);
  const shown = useUi(ui, shownDragDocument);
  return <Verdict night={nightOf(shown ?? committed)} />;
}
