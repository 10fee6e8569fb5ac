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
import { download, fileStem } from './download';
import { timelineFontFaceCss } from './embeddedFont';
import { renderSvgToPng } from './pngRender';
import { type ExportedSvg, exportTimelineSvg } from './svgExport';

/** The chart as the page draws it (TimelineView's <svg>). */
function drawnChart(): SVGSVGElement | null {
  return document.querySelector<SVGSVGElement>('svg.timeline');
}

async function chartSvg(scenario: ScenarioDocument, t: TFunction): Promise<ExportedSvg> {
  const svg = drawnChart();
  if (svg === null) throw new Error(t('exchange.export.noChart'));
  return exportTimelineSvg(
    svg,
    {
      title: scenario.title ?? '',
      explanationHeading: t('exchange.export.explanationHeading'),
      explanation: scenario.explanation ?? '',
    },
    await timelineFontFaceCss(),
  );
}

/** Downloads the scenario file; returns the file name. */
export function exportJson(scenario: ScenarioDocument): string {
  const name = `${fileStem(scenario.title)}.json`;
  download(name, serializeScenario(scenario), 'application/json');
  return name;
}

/** Downloads the timeline as a self-contained SVG (its font inside); returns the file name. */
export async function exportSvg(scenario: ScenarioDocument, t: TFunction): Promise<string> {
  const name = `${fileStem(scenario.title)}.svg`;
  download(name, (await chartSvg(scenario, t)).text, 'image/svg+xml');
  return name;
}

/** Downloads the timeline at 2x as a PNG that carries the scenario file; returns the file name. */
export async function exportPng(scenario: ScenarioDocument, t: TFunction): Promise<string> {
  const svg = await chartSvg(scenario, t);
  const png = await renderSvgToPng(svg.text, svg.widthPx, svg.heightPx, 2);
  const name = `${fileStem(scenario.title)}.png`;
  const embedded = embedScenarioInPng(png, serializeScenario(scenario));
  download(name, embedded.slice().buffer, 'image/png');
  return name;
}

/** Copies the share link of the scenario; false when the browser refused. */
export async function copyShareLink(scenario: ScenarioDocument): Promise<boolean> {
  const link = buildShareLink(scenario, window.location.href);
  try {
    await navigator.clipboard.writeText(link);
    return true;
  } catch {
    return false;
  }
}
