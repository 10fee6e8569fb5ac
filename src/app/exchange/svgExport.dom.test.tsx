import { describe, expect, it } from 'vitest';
import type { ScenarioDocument } from '../../model/scenarioSchema';
import { drawTimeline } from '../../timeline/drawTimeline';
import { layoutTimeline } from '../../timeline/layoutTimeline';
import { windowViewport } from '../../timeline/viewport';
import { presetDocument } from '../state/initialDocument';
import { nightOf } from '../state/night';
import { hasExternalReference } from './sanitizeSvg';
import { exportTimelineSvg } from './svgExport';

const HOSTILE = [
  '<script>alert(1)</script>',
  '" onload="alert(1)',
  '<foreignObject><iframe src="https://evil.example/"></iframe></foreignObject>',
  '\u202Egnp.exe <img src=x onerror=alert(1)>',
];

/** The flagship with hostile labels on its events, drawn by the real timeline code. */
function drawnHostileNight(): SVGSVGElement {
  const flagship = presetDocument('s07-fencing-off');
  const events = HOSTILE.map((label, index) => ({
    type: 'pause' as const,
    replica: 'C',
    at: `02:0${index + 1}:00`,
    for: '40s',
    label,
  }));
  const document: ScenarioDocument = { ...flagship, events: [...(flagship.events ?? []), ...events] };
  const night = nightOf(document);
  if (night.kind !== 'ok') throw new Error('the hostile night does not simulate');
  const viewport = windowViewport(night.scenario.windowFromMs, night.scenario.windowToMs, 1200);
  const geometry = layoutTimeline({
    trace: night.trace,
    scenario: night.scenario,
    events: document.events ?? [],
    viewport,
  });
  const svg = window.document.createElementNS('http://www.w3.org/2000/svg', 'svg');
  window.document.body.append(svg);
  drawTimeline(svg, geometry);
  return svg;
}

/** Things a page could have put into the drawing, whatever the timeline itself draws. */
function plantHostileNodes(svg: SVGSVGElement): void {
  const root = svg.querySelector('g') ?? svg;
  const planted = new DOMParser().parseFromString(
    [
      '<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink">',
      '<script>alert(1)</script>',
      '<foreignObject width="10" height="10"><div xmlns="http://www.w3.org/1999/xhtml">hi</div></foreignObject>',
      '<a href="https://evil.example/"><text>link</text></a>',
      '<image href="http://evil.example/x.png" width="5" height="5"/>',
      '<rect onclick="alert(1)" onmouseover="alert(2)" style="fill: url(https://evil.example/p#x); stroke: red" width="3" height="3"/>',
      '<use xlink:href="http://evil.example/s.svg#x" href="javascript:alert(1)"/>',
      '<animate attributeName="href" to="javascript:alert(1)"/>',
      '<set attributeName="onclick" to="alert(1)"/>',
      '<style>@import url(https://evil.example/f.css);</style>',
      '<rect filter="url(https://evil.example/f#x)" clip-path="url(#fine)" width="1" height="1"/>',
      '</svg>',
    ].join(''),
    'image/svg+xml',
  );
  for (const node of [...planted.documentElement.children]) root.append(window.document.importNode(node, true));
  // The planted nodes really are SVG elements with their attributes, or the test proves nothing.
  expect(svg.querySelectorAll('script, foreignObject, animate, set, image')).toHaveLength(5);
  expect(svg.querySelector('rect[onclick]')?.namespaceURI).toBe('http://www.w3.org/2000/svg');
}

function exported(svg: SVGSVGElement, explanation: string): { text: string; parsed: Document } {
  const { text } = exportTimelineSvg(svg, {
    title: 'Night <b>one</b>',
    explanationHeading: 'Explanation',
    explanation,
  });
  return { text, parsed: new DOMParser().parseFromString(text, 'image/svg+xml') };
}

describe('the exported SVG', () => {
  const svg = drawnHostileNight();
  plantHostileNodes(svg);
  const { text, parsed } = exported(svg, `${HOSTILE.join('\n')}\nA paused past its lease.`);
  const everything = [...parsed.querySelectorAll('*')];

  it('holds no script, foreignObject, animation, style sheet, image or link element', () => {
    const names = new Set(everything.map((element) => element.localName.toLowerCase()));
    for (const banned of ['script', 'foreignobject', 'animate', 'set', 'style', 'image', 'iframe', 'img', 'div'])
      expect(names.has(banned), banned).toBe(false);
    expect(text).not.toMatch(/<script|<foreignObject|<iframe|<img/i);
  });

  it('has no event handler attribute and no reference outside the file', () => {
    for (const element of everything) {
      for (const attribute of [...element.attributes]) {
        expect(attribute.name.toLowerCase().startsWith('on'), `${element.localName} ${attribute.name}`).toBe(false);
        if (attribute.name.endsWith('href')) expect(attribute.value.startsWith('#')).toBe(true);
        expect(hasExternalReference(attribute.value), `${attribute.name}="${attribute.value}"`).toBe(false);
      }
    }
    // The labels say "https://evil..." as text (checked below); no attribute may.
    const attributeValues = everything.flatMap((element) =>
      [...element.attributes].map((attribute) => attribute.value),
    );
    expect(attributeValues.join(' ')).not.toMatch(/https?:\/\/evil|javascript:/i);
    expect(everything.some((element) => element.localName === 'a' && element.hasAttribute('href'))).toBe(false);
    expect(parsed.querySelector('[clip-path="url(#fine)"]')).not.toBeNull();
  });

  it('keeps the hostile labels and the explanation as text, exactly as typed', () => {
    const texts = everything.filter((element) => element.localName === 'text').map((element) => element.textContent);
    for (const label of HOSTILE) expect(texts).toContain(label);
    expect(texts).toContain('A paused past its lease.');
    expect(parsed.querySelector('title')?.textContent).toBe('Night <b>one</b>');
  });

  it('is a standalone SVG document with its size and the timeline font first in its stack', () => {
    const root = parsed.documentElement;
    expect(root.localName).toBe('svg');
    expect(root.getAttribute('xmlns')).toBe('http://www.w3.org/2000/svg');
    expect(Number(root.getAttribute('height'))).toBeGreaterThan(Number(svg.getAttribute('height')));
    expect(root.getAttribute('style')).toMatch(/font-family: 'Inter', system-ui/);
    // Without the font handed in, no font file and no style sheet at all.
    expect(text).not.toMatch(/@font-face|\.woff|\.ttf/i);
  });
});

describe('the exported SVG with its font', () => {
  const svg = drawnHostileNight();
  const fontFaceCss =
    '@font-face{font-family:"Inter";font-style:normal;font-weight:400;src:url(data:font/woff2;base64,d09GMgABAAAA) format("woff2")}';
  const { text } = exportTimelineSvg(
    svg,
    { title: 'Night', explanationHeading: 'Explanation', explanation: '' },
    fontFaceCss,
  );
  const parsed = new DOMParser().parseFromString(text, 'image/svg+xml');

  it('carries the font inside, as the one style sheet, referencing nothing outside', () => {
    const styles = [...parsed.querySelectorAll('style')];
    expect(styles).toHaveLength(1);
    expect(styles[0]?.textContent).toBe(fontFaceCss);
    const urls = (styles[0]?.textContent ?? '').match(/url\([^)]*\)/g) ?? [];
    expect(urls.length).toBeGreaterThan(0);
    for (const url of urls) expect(url).toMatch(/^url\(data:font\/woff2;base64,[A-Za-z0-9+/=]+\)$/);
    expect(styles[0]?.textContent).not.toMatch(/https?:|javascript:|@import/i);
  });

  it('refuses anything but @font-face rules with data: fonts', () => {
    const export_ = (css: string) =>
      exportTimelineSvg(svg, { title: '', explanationHeading: '', explanation: '' }, css);
    expect(() => export_('@import url(https://evil.example/x.css);')).toThrow(/only @font-face/);
    expect(() => export_('@font-face{src:url(https://evil.example/f.woff2) format("woff2")}')).toThrow(
      /only @font-face/,
    );
    expect(() => export_(`${fontFaceCss}</style><script>alert(1)</script>`)).toThrow(/only @font-face/);
  });
});
