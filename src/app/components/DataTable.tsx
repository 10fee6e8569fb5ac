import type { ReactNode } from 'react';

export interface Column<Row> {
  readonly header: string;
  readonly cell: (row: Row) => ReactNode;
  /** Right-aligned, tabular figures (tokens, order numbers). */
  readonly numeric?: boolean;
}

interface DataTableProps<Row> {
  /** Unique on the page; used for the heading id. */
  readonly id: string;
  readonly title: string;
  readonly caption: string;
  readonly empty: string;
  readonly columns: readonly Column<Row>[];
  readonly rows: readonly Row[];
  readonly rowKey: (row: Row) => string;
  readonly rowClassName?: (row: Row) => string | undefined;
}

/**
 * One part of the report: a heading, then a semantic table (caption, column headers with
 * scope) or a sentence when there is nothing to list. The table sits in a labelled, focusable
 * region (a <section> named by the heading) so a keyboard user can scroll it on a narrow screen.
 */
export function DataTable<Row>(props: DataTableProps<Row>) {
  const { id, title, caption, empty, columns, rows, rowKey, rowClassName } = props;
  const headingId = `${id}-heading`;
  const keys = uniqueKeys(rows.map(rowKey));
  return (
    <div className="report-section">
      <h3 id={headingId}>
        {title} <span className="count">({rows.length})</span>
      </h3>
      {rows.length === 0 ? (
        <p className="empty">{empty}</p>
      ) : (
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be focusable to be scrolled by keyboard.
        <section className="table-scroll" aria-labelledby={headingId} tabIndex={0}>
          <table>
            <caption>{caption}</caption>
            <thead>
              <tr>
                {columns.map((column) => (
                  <th key={column.header} scope="col" className={column.numeric ? 'numeric' : undefined}>
                    {column.header}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {rows.map((row, index) => (
                <tr key={keys[index]} className={rowClassName?.(row)}>
                  {columns.map((column) => (
                    <td key={column.header} className={column.numeric ? 'numeric' : undefined}>
                      {column.cell(row)}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </section>
      )}
    </div>
  );
}

/** Makes row keys unique by numbering repeats (two identical rows are legal in a report). */
function uniqueKeys(keys: readonly string[]): readonly string[] {
  const seen = new Map<string, number>();
  return keys.map((key) => {
    const count = seen.get(key) ?? 0;
    seen.set(key, count + 1);
    return count === 0 ? key : `${key}#${count}`;
  });
}
