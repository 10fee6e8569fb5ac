/** One built-in scenario of the catalogue. */
export interface Preset {
  /** Stable id used by `leaseline preset ID` and the app's menu, e.g. `s07-fencing-off`. */
  readonly id: string;
  readonly title: string;
  /** Curriculum items it serves (docs/model.md §10), e.g. `["L4", "L5", "EX03", "Q8"]`. */
  readonly curriculum: readonly string[];
  /** The scenario file, as JSON (format leaseline/scenario, version 1). */
  readonly document: unknown;
}
