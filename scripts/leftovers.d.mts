// Types of scripts/leftovers.mjs (plain JavaScript, run by `npm test` before anything is built).
export function createRunTmp(): string;
export function filesLeftIn(folder: string): string[];
export function processesLeftFrom(folder: string, checkout?: string): string[];
export function leftoversCheck(folder: string, checkout?: string): { passed: number; failed: number; note?: string };
