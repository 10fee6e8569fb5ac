/**
 * The label-placement pass: words on the chart never overlap each other or the marks they
 * sit beside. A greedy placer in the spirit of cartographic labelling: the marks are
 * obstacles first, then labels are tried most important first, each at a few candidate
 * boxes (full text, then its short form), and a label that fits nowhere is left out (its
 * moment stays reachable by keyboard and in the text tables). Parametric in the font size:
 * widths are estimated from the text, so nothing depends on the DOM. Pure.
 */

/** A rectangle in plot pixels, top-left and size. */
export interface LabelBox {
  readonly x: number;
  readonly y: number;
  readonly width: number;
  readonly height: number;
}

/**
 * Advance of a character in em for the chart's font (Inter), by class, each rounded up so the
 * estimate errs wide: two estimated boxes apart are apart when drawn too (the e2e test
 * measures the drawn text). Semibold labels are about 3% wider, inside that margin.
 */
const NARROW = new Set([..."iljtfr.,:;'|!()[] ·"]);
const WIDE = new Set([...'mwMW@%#']);

/** Bidi isolates and marks (`i18n` wraps values in them), and Arabic's vowel marks: no width. */
const ZERO_WIDTH = /[\u200e\u200f\u2066-\u2069\u064b-\u065f\u0670]/;
/** Arabic letters, joined in Noto Sans Arabic: narrower than a Latin letter on average. */
const ARABIC = /[\u0600-\u06ff]/;

function charEm(char: string): number {
  if (ZERO_WIDTH.test(char)) return 0;
  if (ARABIC.test(char)) return 0.5;
  if (NARROW.has(char)) return 0.34;
  if (WIDE.has(char)) return 0.9;
  if (char >= '0' && char <= '9') return 0.64;
  if (char >= 'A' && char <= 'Z') return 0.7;
  return 0.58;
}

/**
 * `charEm` of each ASCII character, looked up once: a big night's layout measures thousands of
 * labels on every drag answer, and the regular expressions per character were most of it.
 */
const ASCII_EM = Array.from({ length: 128 }, (_, code) => charEm(String.fromCharCode(code)));

/** Pure: the estimated width of `text` at `fontPx`. */
export function textWidthPx(text: string, fontPx: number): number {
  let em = 0;
  for (let index = 0; index < text.length; index++) {
    const code = text.charCodeAt(index);
    if (code < 128) {
      em += ASCII_EM[code] ?? 0;
      continue;
    }
    // Beyond ASCII, one code point at a time (a surrogate pair is one character), as before.
    const point = text.codePointAt(index) ?? code;
    if (point > 0xffff) index += 1;
    em += charEm(String.fromCodePoint(point));
  }
  return Math.ceil(em * fontPx);
}

/** Pure: true when two boxes share any area (touching edges do not count). */
export function boxesIntersect(a: LabelBox, b: LabelBox): boolean {
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}

/** How a label may be placed: `overCurtain` for the one kind drawn above a curtain (a masked write's name). */
export interface FitOptions {
  readonly overCurtain?: boolean;
}

export interface LabelPlacer {
  /** A mark labels must keep clear of. */
  block(box: LabelBox): void;
  /**
   * True when every box is inside the horizontal bounds (left of the curtain, when there is
   * one, unless `overCurtain`) and clear of everything taken so far.
   */
  fits(boxes: readonly LabelBox[], options?: FitOptions): boolean;
  /** Takes the boxes (a label and, say, its leader line): later labels keep clear of them. */
  take(boxes: readonly LabelBox[]): void;
  /** The plot x where a lesson's curtain begins (no label crosses it), or null. */
  readonly curtainX: number | null;
  /** The labels taken so far (for tests and the drawer). */
  readonly taken: readonly LabelBox[];
}

/**
 * Pure: a placer whose labels must lie within `[minX, maxX]` (the plot) and, when a lesson's
 * curtain hides the night from `curtainX` on (highlight.ts), left of it: the curtain is drawn
 * over the words, so a label crossing it would be cut ("A wa"), and one wholly behind it would
 * tell what the curtain hides. A label that no longer fits is shortened or left out, as any
 * label without room is.
 */
export function createLabelPlacer(minX: number, maxX: number, curtainX: number | null = null): LabelPlacer {
  const occupied = createBoxIndex(minX, maxX);
  const taken: LabelBox[] = [];
  const rightBound = curtainX === null ? maxX : Math.min(maxX, curtainX);
  const inside = (box: LabelBox, overCurtain: boolean) =>
    box.x >= minX && box.x + box.width <= (overCurtain ? maxX : rightBound);
  return {
    block(box) {
      occupied.add(box);
    },
    fits(boxes, options) {
      const overCurtain = options?.overCurtain ?? false;
      for (const box of boxes) {
        if (!inside(box, overCurtain)) return false;
        if (occupied.hits(box)) return false;
      }
      return true;
    },
    take(boxes) {
      for (const box of boxes) occupied.add(box);
      taken.push(...boxes);
    },
    curtainX,
    taken,
  };
}

/** Width in px of one column of the index: a few labels wide, so a box touches one to three. */
const COLUMN_PX = 96;

/**
 * The boxes taken so far, filed by the columns of the plot they span: a box is checked only
 * against those sharing a column with it, so a night of thousands of labels is placed in
 * about linear time instead of every label against every box before it. Only the columns
 * within the plot are kept: a label always lies inside it, so a mark's part beyond (a lease bar
 * of a zoomed-in night, a million pixels long) can touch none. A box whose position is not a
 * finite number is checked against everything, as before.
 */
function createBoxIndex(minX: number, maxX: number) {
  const firstColumn = Math.floor(minX / COLUMN_PX);
  const lastColumn = Math.floor(maxX / COLUMN_PX);
  const columns = new Map<number, LabelBox[]>();
  const everywhere: LabelBox[] = [];
  const span = (box: LabelBox): [number, number] | null =>
    Number.isFinite(box.x) && Number.isFinite(box.width) && Number.isFinite(minX) && Number.isFinite(maxX)
      ? [
          Math.max(firstColumn, Math.floor(box.x / COLUMN_PX)),
          Math.min(lastColumn, Math.floor((box.x + Math.max(box.width, 0)) / COLUMN_PX)),
        ]
      : null;
  const anyHit = (list: readonly LabelBox[] | undefined, box: LabelBox) =>
    list?.some((other) => boxesIntersect(box, other)) ?? false;
  return {
    add(box: LabelBox): void {
      const columnsOf = span(box);
      if (columnsOf === null) {
        everywhere.push(box);
        return;
      }
      for (let column = columnsOf[0]; column <= columnsOf[1]; column++) {
        const list = columns.get(column);
        if (list === undefined) columns.set(column, [box]);
        else list.push(box);
      }
    },
    hits(box: LabelBox): boolean {
      if (anyHit(everywhere, box)) return true;
      const columnsOf = span(box);
      if (columnsOf === null) return [...columns.values()].some((list) => anyHit(list, box));
      for (let column = columnsOf[0]; column <= columnsOf[1]; column++)
        if (anyHit(columns.get(column), box)) return true;
      return false;
    },
  };
}
