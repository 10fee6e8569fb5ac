/**
 * What went wrong, drawn over the lanes: zombie windows as shades across every lane, and a
 * marker per violation in the strip under the axis (stacked when several share an instant, as
 * I3 and I4 do at 02:07:50.002 in S07). Pure.
 */
import type { Trace } from '../sim/trace';
import type { ViolationMarker, ZombieShade } from './geometry';
import type { LayoutContext } from './layoutContext';
import { VIOLATION_Y_PX } from './layoutLanes';
import { formatTime } from './timeText';

/** Markers at one instant step right by this much so each stays readable. */
const VIOLATION_STACK_PX = 14;

/** Pure: a shade per zombie window that overlaps the viewport. */
export function layoutZombies(trace: Trace, topY: number, bottomY: number, context: LayoutContext): ZombieShade[] {
  const shades: ZombieShade[] = [];
  trace.zombieWindows.forEach((window, index) => {
    if (!context.visible(window.fromMs, window.toMs)) return;
    const x = context.clipX(window.fromMs);
    shades.push({
      key: `zombie:${index}`,
      laneId: '',
      fromMs: window.fromMs,
      toMs: window.toMs,
      x,
      width: Math.max(1, context.clipX(window.toMs) - x),
      y: topY,
      height: bottomY - topY,
      zombies: window.zombies,
      takers: window.takers,
      label: context.describe('zombie', {
        zombies: window.zombies.join(', '),
        takers: window.takers.join(', '),
        from: formatTime(window.fromMs),
        to: formatTime(window.toMs),
      }),
    });
  });
  return shades;
}

/** Pure: a marker per violation in view. */
export function layoutViolations(trace: Trace, context: LayoutContext): ViolationMarker[] {
  const markers: ViolationMarker[] = [];
  let previousAtMs = Number.NaN;
  let stack = 0;
  trace.violations.forEach((violation, index) => {
    stack = violation.atMs === previousAtMs ? stack + 1 : 0;
    previousAtMs = violation.atMs;
    if (!context.visible(violation.atMs, violation.atMs)) return;
    markers.push({
      key: `violation:${index}`,
      index,
      invariant: violation.invariant,
      atMs: violation.atMs,
      x: context.x(violation.atMs) + stack * VIOLATION_STACK_PX,
      y: VIOLATION_Y_PX,
      label: context.describe('violation', { invariant: violation.invariant, at: formatTime(violation.atMs) }),
    });
  });
  return markers;
}
