import type { SizingProfile } from '../../timeline/chartSize';
import { MOMENT_ROWS } from '../../timeline/layoutLanes';

/**
 * How an embedded night grows with its frame (timeline/chartSize.ts): the frame is the room,
 * often 480 to 800 px wide and a few hundred tall. The layout keeps the frame's own width
 * (type at its natural size, readable from 480 px), lanes give way first, and two rows of key
 * moments' words. Kept here, not beside the app's profiles, so the app's first load does not
 * carry it.
 */
export const EMBED_SIZING: SizingProfile = {
  minScale: 1,
  maxScale: 1.4,
  growth: 0.25,
  minLaneHeightPx: 22,
  maxLaneHeightPx: 72,
  minLayoutWidthPx: 460,
  momentRows: Math.min(2, MOMENT_ROWS),
};
