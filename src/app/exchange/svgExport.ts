/**
 * The timeline as a self-contained SVG file: the drawn chart cloned, every style it gets from
 * the page's stylesheets written onto its elements (so it looks the same anywhere), then
 * sanitised (sanitizeSvg.ts), with the title and the written explanation appended as plain
 * text nodes, and the timeline's font embedded (`fontFaceCss`: `@font-face` rules whose fonts
 * are `data:` URLs, the only style sheet the file holds). Reads the live DOM; writes only the
 * clone.
 */
import { SWATCH_WIDTH_PX } from '../../timeline/legend';
import { ARABIC_FONT_FAMILY, TIMELINE_FONT_FAMILY } from './embeddedFont';
import { sanitizeSvg } from './sanitizeSvg';

const SVG_NS = 'http://www.w3.org/2000/svg';
/** The embedded font first, then fonts every system has (a file exported without the font). */
export const SANS_STACK = `'${TIMELINE_FONT_FAMILY}', system-ui, -apple-system, 'Segoe UI', Roboto, 'Noto Sans', 'Liberation Sans', Arial, sans-serif`;
/** The same with the Arabic face second: a picture whose words are Arabic (its font embedded too). */
const ARABIC_SANS_STACK = SANS_STACK.replace(
  `'${TIMELINE_FONT_FAMILY}', `,
  `'${TIMELINE_FONT_FAMILY}', '${ARABIC_FONT_FAMILY}', `,
);
const MONO_STACK = "ui-monospace, 'DejaVu Sans Mono', Menlo, Consolas, monospace";

/**
 * The computed properties that decide how an SVG element looks, with the value an element has
 * when nothing sets it. All but `display` and `opacity` inherit, so a child needs a declaration
 * only where it differs from its parent: that keeps the file a fraction of its naive size.
 */
const STYLE_DEFAULTS: Readonly<Record<string, string>> = {
  opacity: '1',
  visibility: 'visible',
  fill: 'rgb(0, 0, 0)',
  'fill-opacity': '1',
  stroke: 'none',
  'stroke-width': '1px',
  'stroke-opacity': '1',
  'stroke-dasharray': 'none',
  'stroke-linecap': 'butt',
  'stroke-linejoin': 'miter',
  'font-size': '16px',
  'font-weight': '400',
  'font-style': 'normal',
  'font-variant-numeric': 'normal',
  'text-anchor': 'start',
  'dominant-baseline': 'auto',
  'paint-order': 'normal',
};
const NOT_INHERITED = new Set(['opacity']);

export interface SvgExportText {
  /** The scenario's title, shown above the explanation. */
  readonly title: string;
  /** Lines under the title (a hand-in's name, verdict and checklist); none by default. */
  readonly summary?: readonly string[];
  /** A heading for the explanation ("Explanation"). */
  readonly explanationHeading: string;
  /** The student's written explanation; empty for none. */
  readonly explanation: string;
}

/** The chart's legend, as drawn on the page (LegendForExport): each swatch and its words. */
export interface SvgExportLegend {
  readonly heading: string;
  readonly entries: readonly { readonly swatch: SVGSVGElement; readonly text: string }[];
}

export interface ExportedSvg {
  readonly text: string;
  readonly widthPx: number;
  readonly heightPx: number;
}

const LINE_HEIGHT_PX = 16;
/** Room for the last axis label, which the page lets overflow the chart's right edge. */
const RIGHT_MARGIN_PX = 24;
const TEXT_SIZE_PX = 12;

/** Only `@font-face` rules with `data:` fonts may go into the file's one style sheet. */
const FONT_FACE_CSS = /^(@font-face\{[^{}<>]*src:url\(data:font\/woff2;base64,[A-Za-z0-9+/=]+\) format\("woff2"\)\})+$/;

/**
 * Serialises the chart in `svg` with `text` beneath it, and `fontFaceCss` (from
 * `timelineFontFaceCss()`) as its font. Reads the DOM; mutates only a clone.
 */
export function exportTimelineSvg(
  svg: SVGSVGElement,
  text: SvgExportText,
  fontFaceCss = '',
  legend: SvgExportLegend | null = null,
): ExportedSvg {
  const clone = svg.cloneNode(true) as SVGSVGElement;
  const view = svg.ownerDocument.defaultView;
  // With the Arabic face embedded, every text names it (after Inter, which has no Arabic letters).
  const sans = fontFaceCss.includes(ARABIC_FONT_FAMILY) ? ARABIC_SANS_STACK : SANS_STACK;
  if (view) inlineStyles(svg, clone, view, sans);
  sanitizeSvg(clone);
  // The layout's own size (the viewBox): the page may draw it larger (its display scale), the
  // file keeps it at one to one.
  const layout = layoutSize(svg);
  const widthPx = (layout.widthPx || svg.getBoundingClientRect().width || 960) + RIGHT_MARGIN_PX;
  const chartHeightPx = layout.heightPx || svg.getBoundingClientRect().height || 400;
  const legendBlock =
    legend && view ? legendGroup(svg.ownerDocument, view, legend, widthPx, chartHeightPx, sans) : null;
  const textTopPx = chartHeightPx + (legendBlock?.heightPx ?? 0);
  const lines = textLines(text, widthPx);
  const heightPx = textTopPx + (lines.length > 0 ? (lines.length + 1) * LINE_HEIGHT_PX : 0);
  const paper = view ? view.getComputedStyle(svg).getPropertyValue('--tl-paper').trim() : '';

  clone.setAttribute('xmlns', SVG_NS);
  clone.setAttribute('width', String(widthPx));
  clone.setAttribute('height', String(heightPx));
  clone.setAttribute('viewBox', `0 0 ${widthPx} ${heightPx}`);
  clone.setAttribute('role', 'img');
  clone.setAttribute('aria-label', text.title);
  // The root keeps what it inlined (its font size, say) and gets the font stack every text uses.
  const rootStyle = clone.getAttribute('style');
  clone.setAttribute('style', `font-family: ${sans}${rootStyle ? `; ${rootStyle}` : ''}`);
  const doc = svg.ownerDocument;
  const background = doc.createElementNS(SVG_NS, 'rect');
  background.setAttribute('width', '100%');
  background.setAttribute('height', '100%');
  background.setAttribute('fill', /^#[0-9a-f]{3,8}$/i.test(paper) ? paper : '#ffffff');
  const title = doc.createElementNS(SVG_NS, 'title');
  title.textContent = text.title;
  clone.prepend(title, background);
  if (fontFaceCss !== '') {
    if (!FONT_FACE_CSS.test(fontFaceCss)) throw new Error('only @font-face rules with data: fonts can be embedded');
    const style = doc.createElementNS(SVG_NS, 'style');
    style.textContent = fontFaceCss;
    title.after(style);
  }
  const ink = paper === '#121212' ? '#f0f0f0' : '#1b1b1b';
  if (legendBlock) {
    for (const node of legendBlock.group.querySelectorAll('text')) node.setAttribute('fill', ink);
    clone.append(legendBlock.group);
  }
  clone.append(textBlock(doc, lines, text.explanationHeading, textTopPx, ink, widthPx));
  const serialized = new XMLSerializer().serializeToString(clone);
  return { text: `<?xml version="1.0" encoding="UTF-8"?>\n${serialized}\n`, widthPx, heightPx };
}

const LEGEND_COLUMN_PX = 380;
const LEGEND_ROW_PX = 30;
const LEGEND_CHARS_PER_LINE = 52;

/**
 * The legend under the chart: each swatch cloned with its computed look inlined (as the chart
 * is) and its words beside it, in columns as wide as the chart allows. Reads the DOM; the
 * swatches are only cloned.
 */
function legendGroup(
  doc: Document,
  view: Window,
  legend: SvgExportLegend,
  widthPx: number,
  topPx: number,
  sans: string,
): { readonly group: SVGGElement; readonly heightPx: number } {
  const group = doc.createElementNS(SVG_NS, 'g') as SVGGElement;
  group.setAttribute('class', 'export-legend');
  // A legend in a right-to-left language is mirrored: heading and swatches from the right.
  const rtl = readsRightToLeft(legend.heading);
  const heading = doc.createElementNS(SVG_NS, 'text');
  setLineDirection(heading, legend.heading, 12, widthPx);
  heading.setAttribute('y', String(topPx + LINE_HEIGHT_PX));
  heading.setAttribute('font-size', String(TEXT_SIZE_PX));
  heading.setAttribute('font-weight', '600');
  heading.textContent = legend.heading;
  group.append(heading);
  const columns = Math.max(1, Math.floor((widthPx - 12) / LEGEND_COLUMN_PX));
  const rowsTopPx = topPx + LINE_HEIGHT_PX + 8;
  legend.entries.forEach((entry, index) => {
    const columnX = 12 + (index % columns) * LEGEND_COLUMN_PX;
    const x = rtl ? widthPx - columnX - SWATCH_WIDTH_PX : columnX;
    const y = rowsTopPx + Math.floor(index / columns) * LEGEND_ROW_PX;
    const swatch = entry.swatch.cloneNode(true) as SVGSVGElement;
    inlineStyles(entry.swatch, swatch, view, sans);
    sanitizeSvg(swatch);
    swatch.setAttribute('x', String(x));
    swatch.setAttribute('y', String(y));
    group.append(swatch);
    wrap(entry.text, LEGEND_CHARS_PER_LINE)
      .slice(0, 2)
      .forEach((line, lineIndex) => {
        const words = doc.createElementNS(SVG_NS, 'text');
        words.setAttribute('x', String(rtl ? x - 8 : x + 68));
        words.setAttribute('y', String(y + 10 + lineIndex * 12));
        if (rtl) words.setAttribute('direction', 'rtl');
        words.setAttribute('font-size', '10');
        // Text, never markup.
        words.textContent = line;
        group.append(words);
      });
  });
  const rows = Math.ceil(legend.entries.length / columns);
  return { group, heightPx: LINE_HEIGHT_PX + 8 + rows * LEGEND_ROW_PX + 4 };
}

/** The chart's layout size: its viewBox, else its width and height attributes. */
function layoutSize(svg: SVGSVGElement): { readonly widthPx: number; readonly heightPx: number } {
  const box = /^\s*0[ ,]+0[ ,]+([\d.]+)[ ,]+([\d.]+)\s*$/.exec(svg.getAttribute('viewBox') ?? '');
  if (box) return { widthPx: Number(box[1]), heightPx: Number(box[2]) };
  return { widthPx: Number(svg.getAttribute('width')) || 0, heightPx: Number(svg.getAttribute('height')) || 0 };
}

/**
 * Copies the computed look of each element of `source` onto its twin in `clone`: only what
 * differs from what the element would inherit (or, for `opacity`, from the default), plus
 * `display: none` where the page hides it and a system font stack on text.
 */
function inlineStyles(
  source: Element,
  clone: Element,
  view: Window,
  sans: string,
  inherited: Readonly<Record<string, string>> = STYLE_DEFAULTS,
): void {
  const computed = view.getComputedStyle(source);
  const own: Record<string, string> = {};
  const declarations: string[] = [];
  for (const [property, initial] of Object.entries(STYLE_DEFAULTS)) {
    const value = computed.getPropertyValue(property).trim() || initial;
    own[property] = NOT_INHERITED.has(property) ? initial : value;
    const baseline = NOT_INHERITED.has(property) ? initial : (inherited[property] ?? initial);
    if (value !== baseline) declarations.push(`${property}: ${value}`);
  }
  if (computed.getPropertyValue('display').trim() === 'none') declarations.push('display: none');
  const family = computed.getPropertyValue('font-family');
  if (source.localName === 'text' || source.localName === 'tspan')
    declarations.push(`font-family: ${/mono/i.test(family) ? MONO_STACK : sans}`);
  if (declarations.length > 0) clone.setAttribute('style', declarations.join('; '));
  else clone.removeAttribute('style');
  const sourceChildren = source.children;
  const cloneChildren = clone.children;
  for (let index = 0; index < sourceChildren.length && index < cloneChildren.length; index += 1) {
    const from = sourceChildren[index];
    const to = cloneChildren[index];
    if (from && to) inlineStyles(from, to, view, sans, own);
  }
}

/** The title and the explanation, wrapped to the chart's width, one string per line. Pure. */
export function textLines(text: SvgExportText, widthPx: number): string[] {
  const charsPerLine = Math.max(40, Math.floor(widthPx / (TEXT_SIZE_PX * 0.55)));
  const lines = text.title.trim() === '' ? [] : wrap(text.title, charsPerLine);
  for (const line of text.summary ?? []) lines.push(...wrap(line, charsPerLine));
  if (text.explanation.trim() === '') return lines;
  lines.push(text.explanationHeading);
  for (const paragraph of text.explanation.split(/\r?\n/)) lines.push(...wrap(paragraph, charsPerLine));
  return lines;
}

function wrap(paragraph: string, charsPerLine: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of paragraph.split(/\s+/)) {
    if (line !== '' && line.length + 1 + word.length > charsPerLine) {
      lines.push(line);
      line = '';
    }
    // A word longer than a line is cut rather than run off the picture.
    let rest = word;
    while (rest.length > charsPerLine) {
      lines.push(rest.slice(0, charsPerLine));
      rest = rest.slice(charsPerLine);
    }
    line = line === '' ? rest : `${line} ${rest}`;
  }
  lines.push(line);
  return lines;
}

function textBlock(
  doc: Document,
  lines: readonly string[],
  headingLine: string,
  topPx: number,
  ink: string,
  widthPx: number,
): SVGGElement {
  const group = doc.createElementNS(SVG_NS, 'g') as SVGGElement;
  group.setAttribute('class', 'export-explanation');
  lines.forEach((line, index) => {
    const node = doc.createElementNS(SVG_NS, 'text');
    setLineDirection(node, line, 12, widthPx);
    node.setAttribute('y', String(topPx + (index + 1) * LINE_HEIGHT_PX));
    node.setAttribute('fill', ink);
    node.setAttribute('font-size', String(TEXT_SIZE_PX));
    if (index === 0 || line === headingLine) node.setAttribute('font-weight', '600');
    // Text, never markup: a label or explanation is shown exactly as typed.
    node.textContent = line;
    group.append(node);
  });
  return group;
}

/**
 * True when a line reads right to left: it has more Arabic (or Hebrew) letters than Latin
 * ones, so an Arabic sentence that starts with `ShedLock` or a replica id is one, and an
 * English one with an Arabic name in it is not. Pure.
 */
export function readsRightToLeft(text: string): boolean {
  const rightToLeft = text.match(/[\u0590-\u08ff\ufb1d-\ufdff\ufe70-\ufefc]/g)?.length ?? 0;
  const leftToRight = text.match(/[A-Za-z\u00c0-\u024f]/g)?.length ?? 0;
  return rightToLeft > leftToRight;
}

/**
 * A line of text under the chart, from the side its words start: a right-to-left line
 * is set right to left against the right margin, any other against the left one. The chart
 * above keeps its left-to-right time axis; only the words follow their language.
 */
function setLineDirection(node: SVGTextElement, line: string, marginPx: number, widthPx: number): void {
  if (readsRightToLeft(line)) {
    node.setAttribute('x', String(widthPx - marginPx));
    node.setAttribute('direction', 'rtl');
  } else {
    node.setAttribute('x', String(marginPx));
  }
}
