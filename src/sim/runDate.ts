/** The virtual night's run date `D` (docs/model.md §3.3): the date its statements and literals use. */
export const RUN_DATE = '2026-11-30';
