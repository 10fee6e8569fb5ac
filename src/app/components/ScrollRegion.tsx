import type { ReactNode } from 'react';

interface ScrollRegionProps {
  readonly className: string;
  /** The id of the heading that names the region. */
  readonly labelledBy: string;
  readonly children: ReactNode;
}

/**
 * A part of the page that scrolls on its own (a wide table, a dialog's list): a <section>
 * named by its heading, and a focus stop, so a keyboard user can scroll it.
 */
export function ScrollRegion({ className, labelledBy, children }: ScrollRegionProps) {
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be focusable to be scrolled by keyboard.
    <section className={className} aria-labelledby={labelledBy} tabIndex={0}>
      {children}
    </section>
  );
}
