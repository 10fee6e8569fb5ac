/**
 * The help texts, written from the command table: `leaseline help` lists every command, and
 * `leaseline COMMAND --help` (or `help COMMAND`) explains that command's options and exit
 * statuses. Pure.
 */
import { COMMAND_TABLE, type CommandHelp, type CommandOption } from './commandTable';

const INVOCATION = 'npx leaseline';
/** Lines are wrapped to this many characters, so the help reads in an 80-to-100-column terminal. */
const WIDTH_MAX = 92;
/** The option column never grows past this; a longer option puts its meaning on the next line. */
const OPTION_COLUMN_MAX = 28;

/** `leaseline help`: every command with its synopsis and what it does. */
export function globalHelp(): string {
  const commands = COMMAND_TABLE.flatMap((command) => [
    ...wrap(`${command.name} ${command.operands}`.trimEnd(), '  ', '      '),
    ...wrap(command.summary, '      ', '      '),
  ]);
  return [
    `Usage: ${INVOCATION} <command> ...`,
    '',
    'Commands:',
    ...commands,
    '',
    `Run "${INVOCATION} COMMAND --help" for a command's options and exit statuses.`,
    ...wrap(
      'A key of a file that is not a field of the format (a misspelt "lockAtMostFr") is a warning on stderr naming its path and the key meant, and under "warnings" in --json; it changes nothing, the exit status included.',
      '',
      '',
    ),
    'The scenario file format is described in docs/scenario-format.md, the lab in docs/lab.md.',
    '',
  ].join('\n');
}

/** `leaseline COMMAND --help`: the synopsis, what it does, every option and every exit status. */
export function commandHelp(command: CommandHelp): string {
  const lines = [
    ...wrap(`Usage: ${INVOCATION} ${command.name} ${command.operands}`.trimEnd(), '', '         '),
    '',
    ...wrap(command.description, '', ''),
    '',
    ...(command.options.length === 0 ? ['Options: none'] : ['Options:', ...optionLines(command.options)]),
    '',
    'Exit status:',
    ...command.exits.flatMap((exit) => wrap(`${String(exit.status).padEnd(5)}${exit.meaning}`, '  ', '       ')),
  ];
  if (command.doc !== undefined) lines.push('', `More in ${command.doc}.`);
  return `${lines.join('\n')}\n`;
}

function optionLines(options: readonly CommandOption[]): string[] {
  const named = options.map((option) => ({
    name: option.value === undefined ? option.flag : `${option.flag} ${option.value}`,
    meaning: option.meaning,
  }));
  const longest = Math.max(...named.map((option) => option.name.length));
  const column = Math.min(longest + 2, OPTION_COLUMN_MAX);
  const hanging = ' '.repeat(2 + column);
  return named.flatMap(({ name, meaning }) =>
    name.length + 2 <= column
      ? wrap(`${name.padEnd(column)}${meaning}`, '  ', hanging)
      : [`  ${name}`, ...wrap(meaning, hanging, hanging)],
  );
}

/**
 * `text` in lines of at most WIDTH_MAX characters, breaking at spaces; a word never splits,
 * nor does an option in brackets (`[--budget N]`).
 */
function wrap(text: string, firstIndent: string, restIndent: string): string[] {
  const lines: string[] = [];
  let line = firstIndent;
  let empty = true;
  for (const word of text.split(/ (?![^[]*\])/)) {
    if (!empty && line.length + 1 + word.length > WIDTH_MAX) {
      lines.push(line);
      line = restIndent + word;
      continue;
    }
    line = empty ? line + word : `${line} ${word}`;
    empty = false;
  }
  lines.push(line);
  return lines;
}
