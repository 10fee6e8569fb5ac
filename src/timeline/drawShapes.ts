/**
 * Path data for the point marks, computed once per shape and size with d3-shape: a write's
 * result and a point event's type each get a distinct shape, so colour is never the only cue.
 */
import {
  type SymbolType,
  symbol,
  symbolAsterisk,
  symbolCircle,
  symbolDiamond,
  symbolDiamond2,
  symbolSquare,
  symbolStar,
  symbolTimes,
  symbolTriangle,
  symbolWye,
} from 'd3';
import type { EventType, WriteShape } from './geometry';

const WRITE_SYMBOLS: Readonly<Record<WriteShape, SymbolType>> = {
  circle: symbolCircle,
  cross: symbolTimes,
  diamond: symbolDiamond,
};

const EVENT_SYMBOLS: Readonly<Partial<Record<EventType, SymbolType>>> = {
  crash: symbolTimes,
  restart: symbolTriangle,
  trigger: symbolStar,
  clockJump: symbolWye,
  expireLock: symbolSquare,
  redisFailover: symbolDiamond2,
  killSession: symbolAsterisk,
};

/** Stroked symbols (lines, no area): drawn with a stroke instead of a fill. */
const STROKED = new Set<SymbolType>([symbolTimes, symbolAsterisk]);

const cache = new Map<SymbolType, Map<number, string>>();

function pathOf(type: SymbolType, sizePx: number): string {
  let bySize = cache.get(type);
  if (!bySize) {
    bySize = new Map();
    cache.set(type, bySize);
  }
  let path = bySize.get(sizePx);
  if (path === undefined) {
    // d3 sizes symbols by area; the square of the wanted width is close enough for all of them.
    path = symbol(type, sizePx * sizePx)() ?? '';
    bySize.set(sizePx, path);
  }
  return path;
}

/** Path data of a write marker, centred on 0,0. */
export function writeShapePath(shape: WriteShape, sizePx: number): string {
  return pathOf(WRITE_SYMBOLS[shape], sizePx);
}

/** Path data of a point event's marker, centred on 0,0. */
export function eventShapePath(type: EventType, sizePx: number): string {
  return pathOf(EVENT_SYMBOLS[type] ?? symbolCircle, sizePx);
}

/** True when the event's marker is drawn with a stroke (a cross or an asterisk). */
export function eventShapeStroked(type: EventType): boolean {
  return STROKED.has(EVENT_SYMBOLS[type] ?? symbolCircle);
}
