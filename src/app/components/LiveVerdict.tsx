import { useDocument } from '../state/documentStore';
import { nightOf } from '../state/night';
import { useStores } from '../state/stores';
import { useUi } from '../state/uiStore';
import { Verdict } from './Verdict';

/** The verdict of the night being looked at: the drag preview while dragging, else the document. */
export function LiveVerdict() {
  const { documents, ui } = useStores();
  const committed = useDocument(documents, (state) => state.document);
  const preview = useUi(ui, (state) => state.dragPreview);
  return <Verdict night={nightOf(preview ?? committed)} />;
}
