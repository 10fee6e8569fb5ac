/**
 * Find a failure's panel loads on demand (components/onDemand.tsx): nothing of it shows
 * before a search starts (App renders its empty section meanwhile), and `findFailureOnPage`
 * fetches it before it starts one, so the progress appears whole with the search.
 */
import { onDemand } from '../components/onDemand';

export const FindFailurePanel = onDemand(() => import('./FindFailurePanel').then((m) => m.FindFailurePanel), {
  hiddenLoading: true,
});
