/**
 * Says where and why a text is not JSON, for people fixing a file by hand. JavaScript's own
 * JSON.parse messages differ between engines, sometimes lack a position and sometimes quote
 * the whole input, so after JSON.parse fails this small scanner walks the text again.
 */
import { detail, type ErrorDetail } from './errorDetail';

export interface JsonSyntaxError {
  /** 1-based. */
  readonly line: number;
  /** 1-based, in UTF-16 code units. */
  readonly column: number;
  readonly message: string;
  /** The same as data (without the line and column), for a translated sentence. */
  readonly detail: ErrorDetail;
}

/** Deeper than this the scanner stops and says so, instead of exhausting the stack. */
const SCAN_DEPTH_MAX = 512;
const LITERAL = /^(?:true|false|null|-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?)/;

/** The scanner's whole state: the text and the offset reached. */
interface Scan {
  readonly text: string;
  at: number;
}

/** The first syntax error in `text`, or null if the scanner finds none. Pure. */
export function findJsonSyntaxError(text: string): JsonSyntaxError | null {
  const scan: Scan = { text, at: 0 };
  try {
    scanValue(scan, 0);
    skipSpace(scan);
    if (scan.at < text.length) {
      fail(scan, `unexpected ${found(scan)} after the end of the JSON value`, detail('jsonAfterEnd', foundAt(scan)));
    }
    return null;
  } catch (error) {
    if (!(error instanceof ScanError)) throw error;
    return { ...lineAndColumn(text, error.offset), message: error.message, detail: error.detail };
  }
}

function scanValue(scan: Scan, depth: number): void {
  if (depth > SCAN_DEPTH_MAX) {
    fail(scan, `nested more than ${SCAN_DEPTH_MAX} levels deep`, detail('jsonTooDeep', { max: SCAN_DEPTH_MAX }));
  }
  skipSpace(scan);
  const char = scan.text[scan.at];
  if (char === '{') scanContainer(scan, '}', () => scanProperty(scan, depth));
  else if (char === '[') scanContainer(scan, ']', () => scanValue(scan, depth + 1));
  else if (char === '"') scanString(scan);
  else if (char === "'") fail(scan, 'strings use double quotes, not single', detail('jsonSingleQuotes'));
  else {
    const literal = LITERAL.exec(scan.text.slice(scan.at, scan.at + 400));
    if (literal === null)
      fail(scan, `expected a value, found ${found(scan)}`, detail('jsonExpectedValue', foundAt(scan)));
    else scan.at += literal[0].length;
  }
}

function scanProperty(scan: Scan, depth: number): void {
  skipSpace(scan);
  if (scan.text[scan.at] === "'") {
    fail(scan, 'property names use double quotes, not single', detail('jsonSingleQuotedName'));
  }
  if (scan.text[scan.at] !== '"') {
    const message = `expected a property name in double quotes, found ${found(scan)}`;
    fail(scan, message, detail('jsonExpectedName', foundAt(scan)));
  }
  scanString(scan);
  skipSpace(scan);
  if (scan.text[scan.at] !== ':') {
    fail(scan, `expected ":" after a property name, found ${found(scan)}`, detail('jsonExpectedColon', foundAt(scan)));
  }
  scan.at += 1;
  scanValue(scan, depth + 1);
}

function scanContainer(scan: Scan, close: '}' | ']', scanEntry: () => void): void {
  const after = close === '}' ? 'after a property value' : 'after a list element';
  scan.at += 1;
  skipSpace(scan);
  if (scan.text[scan.at] !== close) {
    for (;;) {
      scanEntry();
      skipSpace(scan);
      if (scan.text[scan.at] === close) break;
      if (scan.text[scan.at] !== ',') {
        const code = close === '}' ? 'jsonExpectedAfterProperty' : 'jsonExpectedAfterElement';
        fail(scan, `expected "," or "${close}" ${after}, found ${found(scan)}`, detail(code, foundAt(scan)));
      }
      scan.at += 1;
      skipSpace(scan);
      if (scan.text[scan.at] === close) {
        const message = `a comma before "${close}"; JSON allows no trailing comma`;
        fail(scan, message, detail('jsonTrailingComma', { close: `"${close}"` }));
      }
    }
  }
  scan.at += 1;
}

function scanString(scan: Scan): void {
  const { text } = scan;
  scan.at += 1;
  while (scan.at < text.length && text[scan.at] !== '"') {
    if (text.charCodeAt(scan.at) < 0x20) {
      const message = 'a line break or control character inside a string; write it as \\n or \\t';
      fail(scan, message, detail('jsonControlCharacter'));
    }
    if (text[scan.at] !== '\\') scan.at += 1;
    else if (/^u[0-9a-fA-F]{4}$/.test(text.slice(scan.at + 1, scan.at + 6))) scan.at += 6;
    else if (/^["\\/bfnrt]$/.test(text[scan.at + 1] ?? '')) scan.at += 2;
    else {
      const sequence = `"\\${text[scan.at + 1] ?? ''}"`;
      fail(scan, `${sequence} is not an escape JSON knows`, detail('jsonBadEscape', { escape: sequence }));
    }
  }
  if (scan.at >= text.length) fail(scan, 'a string is not closed; add the missing "', detail('jsonUnclosedString'));
  scan.at += 1;
}

function skipSpace(scan: Scan): void {
  while (scan.at < scan.text.length && ' \t\n\r'.includes(scan.text[scan.at] as string)) scan.at += 1;
  if (scan.text.startsWith('//', scan.at) || scan.text.startsWith('/*', scan.at)) {
    fail(scan, 'JSON has no comments', detail('jsonComment'));
  }
}

function found(scan: Scan): string {
  return scan.at >= scan.text.length ? 'the end of the file' : JSON.stringify(scan.text[scan.at]);
}

/** `found` as a message value: the character, or the end of the file. */
function foundAt(scan: Scan): { found: string | { term: 'endOfFile' } } {
  return { found: scan.at >= scan.text.length ? { term: 'endOfFile' } : found(scan) };
}

function fail(scan: Scan, message: string, problem: ErrorDetail): never {
  throw new ScanError(scan.at, message, problem);
}

function lineAndColumn(text: string, offset: number): { line: number; column: number } {
  let line = 1;
  let lineStart = 0;
  for (let i = 0; i < offset && i < text.length; i += 1) {
    if (text[i] === '\n') {
      line += 1;
      lineStart = i + 1;
    }
  }
  return { line, column: offset - lineStart + 1 };
}

// Unwinds the scanner from any depth; never escapes findJsonSyntaxError.
class ScanError extends Error {
  readonly offset: number;
  readonly detail: ErrorDetail;
  constructor(offset: number, message: string, problem: ErrorDetail) {
    super(message);
    this.offset = offset;
    this.detail = problem;
  }
}
