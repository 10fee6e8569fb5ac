/**
 * Gives happy-dom (which lays nothing out) the few measurements the chart's controller reads
 * (app/timeline/timelineController.ts and chartRoom.ts), as the live page has them in the
 * reference window (referenceLayout.ts): the frame's width and top, the room under it, the
 * ruler's height and the chart's font size. Every other element keeps happy-dom's answers.
 * Build time only; returns a function that takes the stubs away.
 */
import type { Window } from 'happy-dom';
import type { ReferenceLayout } from './referenceLayout';

interface Box {
  readonly top: number;
  readonly bottom: number;
  readonly left: number;
  readonly right: number;
  readonly width: number;
  readonly height: number;
}

function box(top: number, bottom: number, widthPx: number): Box {
  return { top, bottom, left: 0, right: widthPx, width: widthPx, height: bottom - top };
}

const classOf = (element: Element) => element.getAttribute('class') ?? '';

export function installReferenceGeometry(view: Window, layout: ReferenceLayout): () => void {
  const prototype = view.HTMLElement.prototype as unknown as Record<string, unknown>;
  const widthDescriptor = Object.getOwnPropertyDescriptor(prototype, 'clientWidth');
  const heightDescriptor = Object.getOwnPropertyDescriptor(prototype, 'clientHeight');
  const rectDescriptor = Object.getOwnPropertyDescriptor(prototype, 'getBoundingClientRect');
  const originalRect = prototype.getBoundingClientRect as (this: Element) => unknown;
  Object.defineProperty(prototype, 'clientWidth', {
    configurable: true,
    get(this: Element) {
      return classOf(this) === 'timeline-frame' ? layout.frameWidthPx : (widthDescriptor?.get?.call(this) ?? 0);
    },
  });
  Object.defineProperty(prototype, 'clientHeight', {
    configurable: true,
    get(this: Element) {
      return classOf(this) === 'timeline-ruler' ? layout.rulerHeightPx : (heightDescriptor?.get?.call(this) ?? 0);
    },
  });
  Object.defineProperty(prototype, 'getBoundingClientRect', {
    configurable: true,
    value(this: Element) {
      // The frame's own height never enters the room (chartRoom.ts): only its top, and how
      // far its section reaches below it.
      if (classOf(this) === 'timeline-frame') return box(layout.frameTopPx, layout.frameTopPx, layout.frameWidthPx);
      if (classOf(this) === 'timeline-section')
        return box(layout.frameTopPx, layout.frameTopPx + layout.belowFramePx, layout.frameWidthPx);
      return originalRect.call(this);
    },
  });
  // The controller reads the chart's font size through the global getComputedStyle (the
  // window's, installed as the globals): both give the reference size for the chart.
  const scope = globalThis as unknown as { getComputedStyle: (element: Element) => CSSStyleDeclaration };
  const windowStyle = view.getComputedStyle;
  const globalStyle = scope.getComputedStyle;
  const styleOf = (element: Element): CSSStyleDeclaration => {
    const style = windowStyle.call(view, element as never) as unknown as CSSStyleDeclaration;
    if (!classOf(element).split(' ').includes('timeline')) return style;
    return new Proxy(style, {
      get: (target, key) => (key === 'fontSize' ? `${layout.chartFontPx}px` : Reflect.get(target, key)),
    });
  };
  (view as unknown as { getComputedStyle: typeof styleOf }).getComputedStyle = styleOf;
  scope.getComputedStyle = styleOf;
  return () => {
    for (const [name, descriptor] of [
      ['clientWidth', widthDescriptor],
      ['clientHeight', heightDescriptor],
      ['getBoundingClientRect', rectDescriptor],
    ] as const) {
      if (descriptor) Object.defineProperty(prototype, name, descriptor);
      else delete prototype[name];
    }
    view.getComputedStyle = windowStyle;
    scope.getComputedStyle = globalStyle;
  };
}
