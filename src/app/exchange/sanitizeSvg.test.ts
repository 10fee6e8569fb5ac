import { describe, expect, it } from 'vitest';
import { hasExternalReference, safeDeclarations } from './sanitizeSvg';

describe('what counts as a reference outside the file', () => {
  it('allows paints and clips inside the file, quoted or not', () => {
    for (const value of ['url(#tl1-clip)', 'url("#tl1-hatch")', "url('#a')", 'rgb(0, 0, 0)', 'none', '4px, 2px'])
      expect(hasExternalReference(value), value).toBe(false);
  });

  it('refuses anything that could load or run something', () => {
    for (const value of [
      'url(https://evil.example/x.png)',
      'url("http://evil.example/f#x")',
      'url(//evil.example/x)',
      'url(data:image/png;base64,AAAA)',
      'URL(#ok) url(evil.svg#x)',
      'javascript:alert(1)',
      ' JaVaScRiPt:alert(1)',
      'data:text/html,<script>',
      '@import "x.css"',
      'expression(alert(1))',
      'url(#unclosed',
    ])
      expect(hasExternalReference(value), value).toBe(true);
  });

  it('drops only the offending declarations of a style attribute', () => {
    expect(safeDeclarations('fill: url(https://evil.example/p#x); stroke: red; ; clip-path: url(#c)')).toBe(
      'stroke: red; clip-path: url(#c)',
    );
    expect(safeDeclarations('background: url(evil.png)')).toBe('');
  });
});
