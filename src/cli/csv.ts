/**
 * CSV (RFC 4180) for gradebooks: a field is quoted when it holds a comma, a quote, a line
 * break or surrounding spaces, with quotes doubled. A field that a spreadsheet would run as
 * a formula (starting with `=`, `+`, `-`, `@`, tab or carriage return) gets a leading `'`:
 * file names and messages come from students, and a pasted gradebook must not compute them.
 */

/** One CSV line (with its newline) from the cells. Pure. */
export function csvLine(cells: readonly string[]): string {
  return `${cells.map(csvField).join(',')}\n`;
}

/** One field, guarded and quoted as needed. Pure. */
export function csvField(value: string): string {
  const guarded = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]|^\s|\s$/.test(guarded) ? `"${guarded.replaceAll('"', '""')}"` : guarded;
}
