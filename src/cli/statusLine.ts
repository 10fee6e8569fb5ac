/**
 * A status line on a terminal (`CliContext.statusLine`): written over itself with a carriage
 * return and an erase-line sequence, and erased before the command prints its answer, so the
 * answer on stdout reads as if the line had never been there.
 */
import type { StatusLine } from './cliContext';

export function terminalStatusLine(stream: { write: (text: string) => unknown }): StatusLine {
  let shown = '';
  return {
    show(text) {
      if (text === shown) return;
      shown = text;
      stream.write(`\r\x1b[2K${text}`);
    },
    clear() {
      if (shown === '') return;
      shown = '';
      stream.write('\r\x1b[2K');
    },
  };
}
