/**
 * What "Check every night" shows, as UI state (the UI store's `checkEveryNight`): nothing,
 * the bounds' form, a check in progress, or its answer. The smallest failing night is data
 * the check returned, kept here until the person opens it (the document store only ever
 * holds the night open); opening it ends the panel's work.
 */
import type { VerifyBounds } from '../../verify/verifyBounds';
import type { VerifyProgress } from '../../verify/verifyDesign';
import type { CheckedNights } from './verifyProtocol';

/** A course step's second half: after the unsafe design, the fixed one, with the same bounds. */
export interface VerifyFollowUp {
  readonly presetId: string;
  readonly title: string;
}

export type CheckEveryNightState =
  /** Nothing shown; `bounds`: the last ones checked, which the next form starts from. */
  | { readonly status: 'idle'; readonly bounds?: VerifyBounds }
  /** The form, filled with the last bounds checked, or (null) verify's defaults. */
  | { readonly status: 'form'; readonly bounds: VerifyBounds | null }
  | {
      readonly status: 'running';
      readonly bounds: VerifyBounds;
      readonly progress: VerifyProgress;
      readonly followUp: VerifyFollowUp | null;
    }
  | {
      readonly status: 'done';
      readonly bounds: VerifyBounds;
      readonly result: CheckedNights;
      readonly followUp: VerifyFollowUp | null;
    }
  | { readonly status: 'cancelled'; readonly bounds: VerifyBounds }
  /** The night on screen took another design (verifyRunner's watchVerifiedDesign). */
  | { readonly status: 'designChanged'; readonly bounds: VerifyBounds; readonly wasRunning: boolean }
  | { readonly status: 'failed'; readonly bounds: VerifyBounds; readonly message: string };

export const CHECK_EVERY_NIGHT_IDLE: CheckEveryNightState = { status: 'idle' };

/** The document store's source for the night Open puts on screen (the Scenario button names it). */
export const VERIFIED_NIGHT_SOURCE = 'verify';
