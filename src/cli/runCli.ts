/**
 * The command line: picks the command and its options out of the arguments, then hands over
 * to one function per command. Every mistake on the command line is one sentence on stderr
 * and exit 2.
 */
import { runCheck } from './checkCommand';
import { type CliContext, EXIT_INVALID, EXIT_OK } from './cliContext';
import { commandHelp, globalHelp } from './commandHelp';
import { COMMAND_TABLE, type CommandHelp, commandNamed } from './commandTable';
import { GRADED_EXERCISES, runGrade } from './gradeCommand';
import { runGradeEx05 } from './gradeEx05Command';
import { runLink } from './linkCommand';
import { runPreset, runPresets } from './presetCommands';
import { runSearch } from './searchCommand';
import { parseSearchFlags } from './searchFlags';
import { runTrace } from './traceCommand';
import { runVerify } from './verifyCommand';
import { parseVerifyFlags } from './verifyFlags';

const HELP_FLAGS = ['--help', '-h'];
/** `grade` exercises that main.ts runs asynchronously (gradeAsyncCommand.ts). */
const ASYNC_EXERCISES = ['ex04', 'lab', 'module'];

/** Runs one invocation (`args` without node and the script); returns the exit status. */
export function runCli(args: readonly string[], context: CliContext): number {
  const [name, ...rest] = args;
  if (name === undefined) return usageError(context, 'no command given');
  if (HELP_FLAGS.includes(name)) return help(context, rest);
  if (name === '--version') return version(context, rest);
  const command = commandNamed(name);
  if (command === undefined) {
    const names = COMMAND_TABLE.map((known) => known.name).join(', ');
    return usageError(context, `unknown command ${JSON.stringify(name)}; the commands are ${names}`);
  }
  if (rest.some((arg) => HELP_FLAGS.includes(arg))) {
    context.io.stdout(commandHelp(command));
    return EXIT_OK;
  }
  const parsed = splitOptions(rest, valuedFlags(command));
  if (typeof parsed === 'string') return usageError(context, parsed);
  const { operands, flags, values } = parsed;
  const unknownFlag = flags.find((flag) => !switchFlags(command).includes(flag));
  if (unknownFlag !== undefined) return usageError(context, `${command.name} has no option ${unknownFlag}`);
  switch (command.name) {
    case 'check':
      if (operands.length === 0) return usageError(context, 'check needs at least one FILE');
      return runCheck(context, { files: operands, json: flags.includes('--json') });
    case 'trace':
      if (operands.length !== 1) return usageError(context, 'trace needs exactly one FILE');
      return runTrace(context, { file: operands[0] as string, json: flags.includes('--json') });
    case 'search':
      return search(context, operands, flags, values);
    case 'verify':
      return verify(context, operands, flags, values);
    case 'grade':
      return grade(context, operands, flags.includes('--csv'), values.get('--html'));
    case 'link':
      if (operands.length !== 1) return usageError(context, 'link needs exactly one FILE');
      return runLink(context, { file: operands[0] as string, baseUrl: values.get('--base') });
    case 'presets':
      if (operands.length > 0) return usageError(context, 'presets takes no arguments');
      return runPresets(context);
    case 'preset':
      if (operands.length !== 1) return usageError(context, 'preset needs exactly one ID (see: presets)');
      return runPreset(context, operands[0] as string);
    case 'version':
      return version(context, operands);
    case 'help':
      return help(context, operands);
    default:
      // `lab` runs real processes and real time: the entry point (main.ts) starts it, never runCli.
      return usageError(context, `${command.name} is run by the leaseline command itself, not here`);
  }
}

/** `help [COMMAND]`: the list of commands, or one command's own help. */
function help(context: CliContext, operands: readonly string[]): number {
  const [name, ...extra] = operands;
  if (name === undefined) {
    context.io.stdout(globalHelp());
    return EXIT_OK;
  }
  const command = commandNamed(name);
  if (command === undefined || extra.length > 0) {
    const names = COMMAND_TABLE.map((known) => known.name).join(', ');
    return usageError(context, `help takes one command of ${names}; not ${JSON.stringify(operands.join(' '))}`);
  }
  context.io.stdout(commandHelp(command));
  return EXIT_OK;
}

function version(context: CliContext, operands: readonly string[]): number {
  if (operands.length > 0) return usageError(context, 'version takes no arguments');
  context.io.stdout(`leaseline ${context.version}\n`);
  return EXIT_OK;
}

/** The command's options that take a value (`--budget 500` or `--budget=500`). */
function valuedFlags(command: CommandHelp): string[] {
  return command.options.filter((option) => option.value !== undefined).map((option) => option.flag);
}

/** The command's options that stand alone (`--json`). */
function switchFlags(command: CommandHelp): string[] {
  return command.options.filter((option) => option.value === undefined).map((option) => option.flag);
}

function grade(context: CliContext, operands: readonly string[], csv: boolean, html: string | undefined): number {
  const [exercise, ...files] = operands;
  if (ASYNC_EXERCISES.includes(exercise?.toLowerCase() ?? '')) {
    // A real database or real workers: main.ts starts these (gradeAsyncCommand.ts), never runCli.
    return usageError(context, `grade ${exercise} is run by the leaseline command itself, not here`);
  }
  if (exercise?.toLowerCase() === 'ex05') {
    if (files.length === 0) return usageError(context, 'grade needs at least one FILE or folder');
    if (html !== undefined) return usageError(context, 'grade ex05 has no option --html');
    return runGradeEx05(context, files, csv);
  }
  const known = GRADED_EXERCISES.find((id) => id === exercise?.toLowerCase());
  if (known === undefined) {
    const given =
      exercise === undefined ? 'grade needs an exercise' : `grade knows no exercise ${JSON.stringify(exercise)}`;
    return usageError(
      context,
      `${given}; the exercises are ${[...GRADED_EXERCISES, ...ASYNC_EXERCISES, 'ex05'].sort().join(', ')}`,
    );
  }
  if (files.length === 0) return usageError(context, 'grade needs at least one FILE or folder');
  return runGrade(context, { exercise: known, operands: files, csv, ...(html === undefined ? {} : { html }) });
}

function search(
  context: CliContext,
  operands: readonly string[],
  flags: readonly string[],
  values: ReadonlyMap<string, string>,
): number {
  if (operands.length !== 1) return usageError(context, 'search needs exactly one FILE');
  const parsed = parseSearchFlags(values);
  if (typeof parsed === 'string') return usageError(context, parsed);
  const out = values.get('--out');
  return runSearch(context, {
    ...parsed,
    file: operands[0] as string,
    fresh: flags.includes('--fresh'),
    json: flags.includes('--json'),
    ...(out === undefined ? {} : { out }),
  });
}

function verify(
  context: CliContext,
  operands: readonly string[],
  flags: readonly string[],
  values: ReadonlyMap<string, string>,
): number {
  if (operands.length !== 1) return usageError(context, 'verify needs exactly one FILE');
  const parsed = parseVerifyFlags(values, context.cores ?? 1);
  if (typeof parsed === 'string') return usageError(context, parsed);
  const out = values.get('--out');
  return runVerify(context, {
    ...parsed,
    file: operands[0] as string,
    fresh: flags.includes('--fresh'),
    countAll: flags.includes('--count'),
    json: flags.includes('--json'),
    ...(out === undefined ? {} : { out }),
  });
}

interface SplitArgs {
  readonly operands: string[];
  readonly flags: string[];
  readonly values: Map<string, string>;
}

/**
 * Separates operands from `--flags`; options in `valued` take a value (`--base URL` or
 * `--base=URL`). After `--` everything is an operand, so a file may start with "-".
 * Returns a sentence when an option lacks its value.
 */
function splitOptions(args: readonly string[], valued: readonly string[]): SplitArgs | string {
  const split: SplitArgs = { operands: [], flags: [], values: new Map() };
  for (let i = 0; i < args.length; i += 1) {
    const arg = args[i] as string;
    if (arg === '--') {
      split.operands.push(...args.slice(i + 1));
      break;
    }
    if (!arg.startsWith('-') || arg === '-') {
      split.operands.push(arg);
      continue;
    }
    const [name = arg, inlineValue] = arg.split(/=(.*)/s, 2);
    if (!valued.includes(name)) {
      split.flags.push(arg);
      continue;
    }
    const value = inlineValue ?? args[i + 1];
    if (value === undefined || value === '') return `${name} needs a value`;
    if (inlineValue === undefined) i += 1;
    split.values.set(name, value);
  }
  return split;
}

function usageError(context: CliContext, problem: string): number {
  context.io.stderr(`leaseline: ${problem}\nRun "npx leaseline help" for usage.\n`);
  return EXIT_INVALID;
}
