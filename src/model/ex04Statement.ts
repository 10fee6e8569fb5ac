/**
 * What EX04's grader reads off the student's SQL before running it: which placeholders it uses
 * (`$1`, `$2`... or the seed's named `:t`, `:id`, `:result`), and which values are typed in as
 * literals (a number or a quoted string where a placeholder belongs: a statement built by
 * pasting values in is the injection the exercise must not teach). Quoted text, quoted
 * identifiers, dollar-quoted bodies and comments are skipped, so `'$1'` is no placeholder and
 * `::bigint` no named one. Pure; a scan, not a parser (PostgreSQL parses it when it runs).
 */

/** The three values of the exercise's statement (docs/grading.md, "EX04"). */
export const EX04_ROLES = ['token', 'id', 'result'] as const;
export type Ex04Role = (typeof EX04_ROLES)[number];

/** The seed writes `:t` and `:id`; these names are read as those roles. */
const NAMED_ROLES: Readonly<Record<string, Ex04Role>> = {
  t: 'token',
  token: 'token',
  fencing_token: 'token',
  id: 'id',
  result: 'result',
  value: 'result',
};

export interface Ex04Statement {
  /** The SQL to run: named placeholders rewritten as `$1` (token), `$2` (id), `$3` (result). */
  readonly text: string;
  /** The highest `$n` the statement uses (0 when none): how many values it takes. */
  readonly placeholderCount: number;
  /** The roles fixed by names (`:t` is the token); null when it uses `$n` and any order is tried. */
  readonly namedRoles: readonly Ex04Role[] | null;
  /** Named placeholders that are none of the roles (`:night`), as written. */
  readonly unknownNames: readonly string[];
  /** The first word outside comments, upper-cased (`UPDATE`), or '' when there is none. */
  readonly firstKeyword: string;
  /** Literal values typed in (`7`, `'done'`), as written, 0 and 1 left out (`COALESCE(x, 0)`). */
  readonly literals: readonly string[];
}

/** Scans `sql`; see the file comment. Pure. */
export function readEx04Statement(sql: string): Ex04Statement {
  const literals: string[] = [];
  const unknownNames: string[] = [];
  const namedIndex = new Map<Ex04Role, number>();
  let out = '';
  let maxDollar = 0;
  let i = 0;
  // Bounded: every branch advances i by at least one character.
  while (i < sql.length) {
    const rest = sql.slice(i);
    const skipped =
      /^--[^\n]*/.exec(rest) ??
      /^\/\*[\s\S]*?(\*\/|$)/.exec(rest) ??
      /^"(?:[^"]|"")*"?/.exec(rest) ??
      dollarQuoted(rest);
    if (skipped !== null) {
      out += skipped[0];
      i += skipped[0].length;
      continue;
    }
    const quoted = /^[EeBbXxNn]?'(?:[^']|'')*'?/.exec(rest);
    if (quoted !== null && (quoted[0].startsWith("'") || !isWordBefore(sql, i))) {
      literals.push(quoted[0]);
      out += quoted[0];
      i += quoted[0].length;
      continue;
    }
    const dollar = /^\$(\d+)/.exec(rest);
    if (dollar !== null) {
      maxDollar = Math.max(maxDollar, Number(dollar[1]));
      out += dollar[0];
      i += dollar[0].length;
      continue;
    }
    const named = /^:([A-Za-z_][A-Za-z0-9_]*)/.exec(rest);
    if (named !== null && sql[i - 1] !== ':') {
      const name = named[1] ?? '';
      const role = NAMED_ROLES[name.toLowerCase()];
      if (role === undefined) unknownNames.push(named[0]);
      else namedIndex.set(role, EX04_ROLES.indexOf(role) + 1);
      out += role === undefined ? named[0] : `$${EX04_ROLES.indexOf(role) + 1}`;
      i += named[0].length;
      continue;
    }
    const number = /^\d+(\.\d+)?(e[+-]?\d+)?/i.exec(rest);
    if (number !== null && !isWordBefore(sql, i)) {
      if (number[0] !== '0' && number[0] !== '1') literals.push(number[0]);
      out += number[0];
      i += number[0].length;
      continue;
    }
    const word = /^[A-Za-z_][A-Za-z0-9_]*/.exec(rest);
    const step = word?.[0] ?? sql.charAt(i);
    out += step;
    i += step.length;
  }
  const named = namedIndex.size > 0;
  const placeholderCount = named ? Math.max(maxDollar, ...namedIndex.values()) : maxDollar;
  const namedRoles = named ? EX04_ROLES.slice(0, placeholderCount) : null;
  const code = sql.replace(/--[^\n]*|\/\*[\s\S]*?(\*\/|$)/g, ' ');
  const firstKeyword = (/^\s*\(*\s*([A-Za-z_]+)/.exec(code)?.[1] ?? '').toUpperCase();
  return { text: out, placeholderCount, namedRoles, unknownNames, literals, firstKeyword };
}

/** `$tag$ ... $tag$` (and `$$ ... $$`), PostgreSQL's dollar quoting. */
function dollarQuoted(rest: string): RegExpExecArray | null {
  const open = /^\$([A-Za-z_][A-Za-z0-9_]*)?\$/.exec(rest);
  if (open === null) return null;
  const end = rest.indexOf(open[0], open[0].length);
  const length = end === -1 ? rest.length : end + open[0].length;
  const match = [rest.slice(0, length)] as unknown as RegExpExecArray;
  return match;
}

const isWordBefore = (sql: string, at: number) => at > 0 && /[A-Za-z0-9_$]/.test(sql.charAt(at - 1));
