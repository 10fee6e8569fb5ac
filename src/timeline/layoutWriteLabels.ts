/**
 * The storage lane in words and arrows: each write marker names the order and the writer
 * (`#1003 A·7`), placed clear of every marker and of the other labels (the writes that went
 * wrong first, then in time order; `#1003` alone when crowded, nothing when there is no room),
 * and each write is drawn as a sequence diagram draws a message: from the writer's lane at the
 * instant it was sent to the storage lane where the database decided it. Pure.
 */
import type { LaneGeometry, WriteArrow, WriteMarker } from './geometry';
import { type CurtainOfHighlight, writeVisibility } from './highlight';
import { type LabelBox, type LabelPlacer, textWidthPx } from './labelPlacement';
import type { LayoutContext } from './layoutContext';
import { mainBand } from './layoutLanes';

/** The marker's size (drawWrites' WRITE_SIZE_PX): a circle of this area's radius, about 5 px. */
export const WRITE_MARK_PX = 9;
const MARK_HALF_PX = Math.sqrt((WRITE_MARK_PX * WRITE_MARK_PX) / Math.PI);
/** The height of a line of text in em, as the browser's box of a text element measures it. */
const LINE_EM = 1.2;

/** Pure: the box a write marker takes (labels keep clear of it). */
export function writeMarkBox(write: { readonly x: number; readonly y: number }): LabelBox {
  return { x: write.x - MARK_HALF_PX, y: write.y - MARK_HALF_PX, width: 2 * MARK_HALF_PX, height: 2 * MARK_HALF_PX };
}

/** Pure: the font size of write labels for a row pitch: as large as the rows allow, at most `fontPx`. */
export function writeLabelFontPx(fontPx: number, rowPitchPx: number): number {
  // A line of text (1.2 em, as the browser boxes it) centred on its row stays clear of the
  // markers of the rows beside it.
  return Math.max(6, Math.min(fontPx, Math.floor(((rowPitchPx - MARK_HALF_PX) * 2) / LINE_EM)));
}

/**
 * Pure: the writes with their labels placed. Under a lesson's curtain (`highlight`) a write
 * hidden behind it gets no label and takes no room; a masked write (drawn above the curtain,
 * its result kept back) keeps its name there; every other label stays left of the curtain.
 */
export function placeWriteLabels(
  writes: readonly WriteMarker[],
  fontPx: number,
  placer: LabelPlacer,
  context: LayoutContext,
  highlight: CurtainOfHighlight | null = null,
): WriteMarker[] {
  const seen = writes.map((write) => writeVisibility(write, highlight));
  writes.forEach((write, index) => {
    if (seen[index] !== 'hidden') placer.block(writeMarkBox(write));
  });
  const wrong = (write: WriteMarker) => write.result !== 'accepted' || write.doubleApplied;
  const order = writes
    .map((write, index) => ({ write, index }))
    .filter(({ index }) => seen[index] !== 'hidden')
    .sort((a, b) => Number(wrong(b.write)) - Number(wrong(a.write)) || a.index - b.index);
  const placed = new Map<number, { label: string; labelBox: LabelBox }>();
  const height = fontPx * LINE_EM;
  for (const { write, index } of order) {
    for (const label of writeLabelTexts(write, context)) {
      const box: LabelBox = {
        x: write.x + MARK_HALF_PX + 1,
        y: write.y - height / 2,
        width: textWidthPx(label, fontPx),
        height,
      };
      if (!placer.fits([box], { overCurtain: seen[index] === 'masked' })) continue;
      placer.take([box]);
      placed.set(index, { label, labelBox: box });
      break;
    }
  }
  return writes.map((write, index) => {
    const found = placed.get(index);
    return found ? { ...write, ...found } : write;
  });
}

function writeLabelTexts(write: WriteMarker, context: LayoutContext): string[] {
  const { order, replica, token } = write;
  if (context.jobKind === 'digest') return [context.describe('writeLabel.digest', { replica })];
  const full =
    token === null
      ? context.describe('writeLabel.noToken', { order, replica })
      : context.describe('writeLabel.token', { order, replica, token });
  return [full, context.describe('writeLabel.short', { order })];
}

/** Pure: an arrow per visible write, from its writer's lane (when sent) to its marker (when decided). */
export function layoutWriteArrows(
  writes: readonly WriteMarker[],
  lanes: ReadonlyMap<string, LaneGeometry>,
  context: LayoutContext,
): WriteArrow[] {
  const arrows: WriteArrow[] = [];
  for (const write of writes) {
    const lane = lanes.get(write.replica);
    if (!lane) continue;
    const band = mainBand(lane);
    arrows.push({
      key: write.key,
      writeId: write.writeId,
      result: write.result,
      x0: context.clipX(write.sentMs),
      y0: band.y + band.height,
      x1: write.x,
      y1: write.y - MARK_HALF_PX - 1,
    });
  }
  return arrows;
}
