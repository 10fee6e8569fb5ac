/**
 * Left-aligned columns separated by two spaces, for terminal output that lines up without
 * a table library. Lines carry no trailing spaces, even when the last cells are empty. Pure.
 */
export function formatTable(rows: readonly (readonly string[])[], indent = ''): string {
  const widths: number[] = [];
  for (const row of rows) {
    row.forEach((cell, column) => {
      widths[column] = Math.max(widths[column] ?? 0, cell.length);
    });
  }
  return rows
    .map((row) => {
      const cells = row.map((cell, column) => (column === row.length - 1 ? cell : cell.padEnd(widths[column] ?? 0)));
      const line = `${indent}${cells.join('  ')}`.trimEnd();
      return `${line}\n`;
    })
    .join('');
}
