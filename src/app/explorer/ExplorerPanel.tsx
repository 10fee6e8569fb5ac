import { useStores } from '../state/stores';
import { useUi } from '../state/uiStore';
import { Ex04View } from './Ex04View';
import { Ex05Explorer } from './Ex05Explorer';
import './explorer.css';

/** The exercise view open under the chart, if any (the Learn menu opens them). */
export function ExplorerPanel() {
  const { ui } = useStores();
  const explorer = useUi(ui, (state) => state.explorer);
  if (explorer === 'ex04') return <Ex04View />;
  if (explorer === 'ex05') return <Ex05Explorer />;
  return null;
}
