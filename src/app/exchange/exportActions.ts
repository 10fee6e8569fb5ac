/**
 * The Export menu's actions: the scenario file, the timeline as SVG, the hand-in picture (PNG
 * with the scenario inside, so the picture itself can be reopened and graded) and the share
 * link. Each reads the committed document and the drawn chart; none changes either.
 */
import type { TFunction } from 'i18next';
import { embedScenarioInPng } from '../../model/pngScenario';
import type { ScenarioDocument } from '../../model/scenarioSchema';
import { serializeScenario } from '../../model/serializeScenario';
import { buildShareLink } from '../../model/shareLink';
import { addressWithoutLanguage } from '../i18n/languages';
import { nightStoryText } from '../i18n/presetText';
import { download } from './download';
import { hasArabic, timelineFontFaceCss } from './embeddedFont';
import { ExportError } from './exportFailure';
import { exportStem, handInSummary } from './handInSummary';
import { renderSvgToPng } from './pngRender';
import { type ExportedSvg, exportTimelineSvg, type SvgExportLegend } from './svgExport';

/** The chart as the page draws it (TimelineView's <svg>). */
function drawnChart(): SVGSVGElement | null {
  return document.querySelector<SVGSVGElement>('svg.timeline');
}

/** The legend under the chart, when the person asked for it in exports (LegendForExport). */
function drawnLegend(t: TFunction): SvgExportLegend | null {
  const items = document.querySelectorAll('.legend-export .legend-item');
  if (items.length === 0) return null;
  const entries = [...items].flatMap((item) => {
    const swatch = item.querySelector<SVGSVGElement>('svg.timeline-swatch');
    const words = item.querySelector('.legend-words')?.textContent ?? '';
    return swatch ? [{ swatch, text: words }] : [];
  });
  return { heading: t('chart.legend.exportHeading'), entries };
}

/** How a picture is drawn: in the page's palette, or (from a dark page) in the light one. */
export interface PictureOptions {
  readonly light?: boolean;
}

/** The class that gives the chart the light palette whatever the system prefers (timeline.css). */
const LIGHT_CLASS = 'tl--export-light';

async function chartSvg(scenario: ScenarioDocument, t: TFunction, options: PictureOptions): Promise<ExportedSvg> {
  const svg = drawnChart();
  if (svg === null) throw new ExportError(t('exchange.export.noChart'));
  const text = {
    // A preset's own title in the interface's language, as the story above the chart shows it.
    title: nightStoryText(t, { title: scenario.title ?? '', description: scenario.description ?? '' }).title,
    summary: handInSummary(t, scenario),
    explanationHeading: t('exchange.export.explanationHeading'),
    explanation: scenario.explanation ?? '',
  };
  const legend = drawnLegend(t);
  const words = [svg.textContent ?? '', text.title, ...text.summary, text.explanation, legend?.heading ?? ''];
  for (const entry of legend?.entries ?? []) words.push(entry.text);
  // The Arabic face goes in only when the picture has Arabic words (about 130 kB more).
  const font = await timelineFontFaceCss(hasArabic(words.join(' ')));
  // The styles are read off the page as drawn: the light palette only while it is inlined.
  const light = options.light === true && !svg.classList.contains(LIGHT_CLASS);
  if (light) svg.classList.add(LIGHT_CLASS);
  try {
    return exportTimelineSvg(svg, text, font, legend);
  } finally {
    if (light) svg.classList.remove(LIGHT_CLASS);
  }
}

/** Downloads the scenario file; returns the file name. */
export function exportJson(scenario: ScenarioDocument): string {
  const name = `${exportStem(scenario, new Date())}.json`;
  download(name, serializeScenario(scenario), 'application/json');
  return name;
}

/** Downloads the timeline as a self-contained SVG (its font inside); returns the file name. */
export async function exportSvg(
  scenario: ScenarioDocument,
  t: TFunction,
  options: PictureOptions = {},
): Promise<string> {
  const name = `${exportStem(scenario, new Date())}.svg`;
  download(name, (await chartSvg(scenario, t, options)).text, 'image/svg+xml');
  return name;
}

/** Downloads the timeline at 2x as a PNG that carries the scenario file; returns the file name. */
export async function exportPng(
  scenario: ScenarioDocument,
  t: TFunction,
  options: PictureOptions = {},
): Promise<string> {
  const svg = await chartSvg(scenario, t, options);
  const png = await renderSvgToPng(svg.text, svg.widthPx, svg.heightPx, 2);
  const name = `${exportStem(scenario, new Date())}.png`;
  const embedded = embedScenarioInPng(png, serializeScenario(scenario));
  download(name, embedded.slice().buffer, 'image/png');
  return name;
}

/** Copies the share link of the scenario; false when the browser refused. */
export async function copyShareLink(scenario: ScenarioDocument): Promise<boolean> {
  // A share link never carries the interface language: the person who opens it keeps theirs.
  const link = buildShareLink(scenario, addressWithoutLanguage(window.location.href) ?? window.location.href);
  try {
    await navigator.clipboard.writeText(link);
    return true;
  } catch {
    return false;
  }
}
