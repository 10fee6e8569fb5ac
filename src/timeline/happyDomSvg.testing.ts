/**
 * For happy-dom tests only: happy-dom has no SVG geometry (no `matrixTransform`), which
 * d3.pointer uses in a browser. This gives SVGs the identity screen matrix of an SVG at the
 * page's origin, so pointer positions in tests are client positions.
 */
interface Matrix {
  readonly a: number;
  readonly b: number;
  readonly c: number;
  readonly d: number;
  readonly e: number;
  readonly f: number;
}

export function installIdentitySvgMatrices(): void {
  const identity = { a: 1, b: 0, c: 0, d: 1, e: 0, f: 0, inverse: () => identity };
  Object.defineProperty(SVGElement.prototype, 'getScreenCTM', { configurable: true, value: () => identity });
  Object.defineProperty(SVGSVGElement.prototype, 'createSVGPoint', {
    configurable: true,
    value: () => ({
      x: 0,
      y: 0,
      matrixTransform(this: { x: number; y: number }, m: Matrix) {
        return { x: this.x * m.a + this.y * m.c + m.e, y: this.x * m.b + this.y * m.d + m.f };
      },
    }),
  });
}
