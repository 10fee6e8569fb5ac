import { onDemand } from '../components/onDemand';
import { useStores } from '../state/stores';
import { useUi } from '../state/uiStore';
import './explorer.css';

// Each view loads the first time the Learn menu (or the course map) opens it.
const Ex04View = onDemand(() => import('./Ex04View').then((m) => m.Ex04View));
const Ex05Explorer = onDemand(() => import('./Ex05Explorer').then((m) => m.Ex05Explorer));

/** The exercise view open under the chart, if any (the Learn menu opens them). */
export function ExplorerPanel() {
  const { ui } = useStores();
  const explorer = useUi(ui, (state) => state.explorer);
  if (explorer === 'ex04') return <Ex04View />;
  if (explorer === 'ex05') return <Ex05Explorer />;
  return null;
}
