/**
 * The page's entry (index.html): everything the first paint needs and nothing more. The built
 * page already shows the prerendered first screen (src/prerender/); this module brings its
 * stylesheets, hides that screen from assistive technology as a picture of the page
 * (holdFirstScreen), lets the browser paint and show it (afterFirstPaint), and only then makes
 * it inert (freezeFirstScreen, which restyles it all) and loads the app (main.tsx: React, the
 * engine, the timeline), which takes the page over. Waiting for the paint makes that order
 * certain instead of leaving it to the browser's scheduling: the app's start, run before the
 * first frame, would hold that frame back.
 */
import { afterFirstPaint } from './firstScreen/afterFirstPaint';
import { freezeFirstScreen, holdFirstScreen } from './firstScreen/takeOver';
// What the first screen is drawn with (the story, the page, the panels and the chart) and the
// EX05 explorer's, in the order the app's stylesheets have always come in (of two rules of
// equal weight, the later wins).
import './chart/chart.css';
import './explorer/explorer.css';
import './panels/panels.css';
import '@fontsource/inter/latin-400.css';
import '@fontsource/inter/latin-700.css';
import '../timeline/timeline.css';
import './styles.css';
// The stylesheets of the views that load on demand come with the page (they are small): a
// view never shows unstyled for a moment, and none depends on which chunk came first (the
// presentation shows the lesson's question, styled by lessons.css).
import './lessons/lessons.css';
import './present/present.css';
import './course/course.css';
import './measured/measured.css';

holdFirstScreen(document);
afterFirstPaint(window, () => {
  freezeFirstScreen(document);
  void import('./main');
});
