/**
 * Check every night's panel, its words and its runner load on demand
 * (components/onDemand.tsx): nothing of them shows before the button is pressed (App renders
 * an empty section meanwhile), and `checkEveryNightOnPage` fetches them first, so the form
 * appears whole. The explorer itself is the worker's chunk, never the page's.
 */
import { onDemand } from '../components/onDemand';

export const CheckEveryNightPanel = onDemand(
  () => import('./CheckEveryNightPanel').then((m) => m.CheckEveryNightPanel),
  { hiddenLoading: true },
);
