/**
 * Every `leaseline` command once: its synopsis, what it does, its options and its exit
 * statuses. The global help, each command's `--help`, the unknown-command message and the
 * options `runCli` accepts are all read from this table, so none of them can leave a command
 * or an option out. Pure data.
 */
import { formatDurationMs } from '../model/duration';
import { DEFAULT_APP_URL } from '../model/shareLink';
import { FAULT_KINDS } from '../search/faultKinds';
import { DEFAULT_INVARIANTS, SEARCH_INVARIANTS } from '../search/searchSpace';
import { VERIFY_BOUNDS_DEFAULT, VERIFY_MAX_FAULTS_MAX } from '../verify/verifyBounds';
import { SEARCH_BUDGET_DEFAULT, SEARCH_BUDGET_MAX, SEARCH_SEED_DEFAULT } from './searchFlags';
import { VERIFY_GRID_MIN_MS } from './verifyFlags';

export interface CommandOption {
  /** `--json`, or `--budget` for an option that takes a value. */
  readonly flag: string;
  /** The value's placeholder (`N`, `URL`), or absent for a switch. */
  readonly value?: string;
  readonly meaning: string;
}

export interface CommandExit {
  readonly status: number;
  readonly meaning: string;
}

export interface CommandHelp {
  readonly name: string;
  /** What follows the name in the synopsis, options included: `FILE... [--json]`. */
  readonly operands: string;
  /** One line for the list of commands. */
  readonly summary: string;
  /** Sentences for the command's own help. */
  readonly description: string;
  readonly options: readonly CommandOption[];
  readonly exits: readonly CommandExit[];
  /** The page that says more, or absent. */
  readonly doc?: string;
}

/** A command line that does not parse: every command answers it the same way. */
const BAD_USAGE: CommandExit = { status: 2, meaning: 'the command line is wrong (one sentence on stderr says what)' };

export const COMMAND_TABLE: readonly CommandHelp[] = [
  {
    name: 'check',
    operands: 'FILE... [--json]',
    summary: 'simulate each scenario file and report what happened',
    description:
      'Simulates each scenario file and prints its verdict (SAFE or UNSAFE and why), its grants, writes, runs and the invariants it broke. A file that cannot be read or loaded is named with the JSON path and what is wrong, never with a stack trace.',
    options: [
      {
        flag: '--json',
        meaning: 'print the report as JSON: one object for one file, an array for several',
      },
    ],
    exits: [
      { status: 0, meaning: 'every file is safe' },
      { status: 1, meaning: 'some file is unsafe: an item applied more than once or a stale token accepted' },
      { status: 2, meaning: 'some file is invalid or unreadable, or the command line is wrong' },
    ],
    doc: 'docs/scenario-format.md',
  },
  {
    name: 'trace',
    operands: 'FILE [--json]',
    summary: 'print everything that happened in the night, one line per entry',
    description:
      "Simulates one scenario file and prints every entry of its trace (true time, node, the node's own clock when it differs, what happened), then every violation.",
    options: [
      {
        flag: '--json',
        meaning:
          'print the full trace as JSON: every SQL statement with its kind, bound values, text, rows and outcome',
      },
    ],
    exits: [
      { status: 0, meaning: 'the night was traced' },
      { status: 2, meaning: 'the file is invalid or unreadable, or the command line is wrong' },
    ],
    doc: 'docs/scenario-format.md',
  },
  {
    name: 'search',
    operands: 'FILE [--budget N] [--seed S] [--faults LIST] [--fresh] [--invariants LIST] [--json] [--out FOUND.json]',
    summary: "search nights of faults for one that breaks the file's design, and shrink it",
    description:
      "Keeps the file's design (replicas, lock, storage, job) and tries seeded nights of the faults that make sense for its lock until one applies an item twice or accepts a stale token, then shrinks it to the smallest such night and prints it as a scenario file with its check report. The same file, seed and options print the same bytes.",
    options: [
      {
        flag: '--budget',
        value: 'N',
        meaning: `nights to try before giving up, 1 to ${SEARCH_BUDGET_MAX} (default ${SEARCH_BUDGET_DEFAULT})`,
      },
      {
        flag: '--seed',
        value: 'S',
        meaning: `the seed, a whole number from -2147483648 to 2147483647 (default ${SEARCH_SEED_DEFAULT})`,
      },
      {
        flag: '--faults',
        value: 'LIST',
        meaning: `comma-separated fault kinds to draw from (${FAULT_KINDS.join(', ')}); each must apply to the file (default: every kind that applies)`,
      },
      { flag: '--fresh', meaning: "leave the file's own events out of every tried night" },
      {
        flag: '--invariants',
        value: 'LIST',
        meaning: `what counts as breaking, of ${SEARCH_INVARIANTS.join(', ')} (default ${DEFAULT_INVARIANTS.join(',')}: check's unsafe)`,
      },
      { flag: '--json', meaning: 'print one JSON object instead of words' },
      { flag: '--out', value: 'FOUND.json', meaning: 'also write the found night as a scenario file' },
    ],
    exits: [
      { status: 0, meaning: 'no night broke the design within the budget' },
      { status: 1, meaning: 'a night broke it (the night and its report are printed)' },
      { status: 2, meaning: 'the file is invalid or unreadable, or an option is wrong' },
    ],
    doc: 'docs/search.md',
  },
  {
    name: 'verify',
    operands:
      'FILE [--faults LIST] [--max-faults K] [--grid DUR] [--durations LIST] [--invariants LIST] [--fresh] [--count] [--workers N] [--json] [--out FOUND.json]',
    summary: "check every night of the file's design with up to K faults from a finite set",
    description:
      "Keeps the file's design and checks every night with up to K faults from a stated, finite set (the fault kinds, on a grid of instants, with the listed lengths): either none of them applies an item twice or accepts a stale token, or the smallest that does is printed as a scenario file with its check report. The answer holds within these bounds only. The same file and options print the same bytes, but for the time taken.",
    options: [
      {
        flag: '--faults',
        value: 'LIST',
        meaning: `comma-separated fault kinds (${FAULT_KINDS.join(', ')}); each must apply to the file (default ${VERIFY_BOUNDS_DEFAULT.faults.join(',')})`,
      },
      {
        flag: '--max-faults',
        value: 'K',
        meaning: `nights with 0 to K faults are all checked, K from 0 to ${VERIFY_MAX_FAULTS_MAX} (default ${VERIFY_BOUNDS_DEFAULT.maxFaults})`,
      },
      {
        flag: '--grid',
        value: 'DUR',
        meaning: `faults start at the window's start, then every DUR before its end; at least ${VERIFY_GRID_MIN_MS / 1000}s (default ${formatDurationMs(VERIFY_BOUNDS_DEFAULT.gridMs)})`,
      },
      {
        flag: '--durations',
        value: 'LIST',
        meaning: `how long a fault lasts: a pause, a partition, a starved renewal, a delay, a restart after a crash, a clock jump's size (default ${VERIFY_BOUNDS_DEFAULT.durationsMs.map(formatDurationMs).join(',')})`,
      },
      {
        flag: '--invariants',
        value: 'LIST',
        meaning: `what counts as breaking, of ${SEARCH_INVARIANTS.join(', ')} (default ${DEFAULT_INVARIANTS.join(',')}: check's unsafe)`,
      },
      { flag: '--fresh', meaning: "leave the file's own events out of every night" },
      { flag: '--count', meaning: 'check every night even after a failure, and count the failing nights exactly' },
      {
        flag: '--workers',
        value: 'N',
        meaning:
          "1 to the machine's cores (default: its cores): N threads share the nights, with the same answer for any N",
      },
      { flag: '--json', meaning: 'print one JSON object instead of words' },
      { flag: '--out', value: 'FOUND.json', meaning: 'also write the smallest failing night as a scenario file' },
    ],
    exits: [
      { status: 0, meaning: 'no night within the bounds breaks the design' },
      { status: 1, meaning: 'a night does (the smallest and its report are printed)' },
      { status: 2, meaning: 'the file is invalid or unreadable, or an option is wrong' },
    ],
    doc: 'docs/verify.md',
  },
  {
    name: 'grade',
    operands:
      'ex03|ex04|ex05|lab FILE... [--csv] [--html OUT.html] [--deadline-ms MS] | module FOLDER [--csv|--html] [--quiz FILE.csv] [--marks FILE.csv]',
    summary: 'grade EX03, EX04, EX05 or LAB1 hand-ins (files, or folders of them), or a class for the whole module',
    description:
      "ex03: grades each hand-in (a scenario file or the PNG the app exports; a folder is searched for both) against the EX03 checklist: complete, partial (N/6) or invalid, with flags a grader must look at (not an exercise, identical to a built-in preset, no explanation), the student's name and the explanation's word count. ex04: runs each EX04 hand-in file's SQL on an embedded PostgreSQL against five cases (a higher and an equal token apply, a lower one changes nothing and reports 0 rows, a stale write leaves the row, the values are placeholders): pass or fail (N/5), each case with its sentence; in a folder, other exercises' hand-ins are passed over. ex05: judges each EX05 hand-in file's lockAtMostFor and lockAtLeastFor on four simulated nights (the 20-minute worst case, a crash, 45 s of clock skew, a run now at 02:05:30): pass or fail (N/4), each night with its sentence. lab: runs the lab's acceptance test (leaseline lab --worker) on each LAB1 hand-in's worker, one after the other, each in a private copy of its folder with a minimal environment and the lab's deadline, every process it left killed: pass when the lab says SAFE, else fail (unsafe), fail (not tested: it hung, exited at once or never took the lock) or fail (crashed), with the last lines each replica printed. module: one row per student (a sub-folder each, or loose files grouped by the name in them), a column per exercise EX01 to EX06 and LAB1 (pass, fail, to mark, missing, invalid; EX01, EX02 and EX06 are written answers a person marks, the --html page listing the course's solution points to tick, and --marks gives the marks; LAB1 as grade lab grades it), the quiz score from the instructor's --quiz file (the quiz is a self-check in the course), copies across the class (the same answer once name, date, whitespace and SQL case are set aside; one name in two folders), and the module verdict by the pass rule: passes, fails: <reasons>, or open: <what is still to mark>.",
    options: [
      {
        flag: '--csv',
        meaning:
          "print a gradebook table, one row per file, the explanation's text and any key that is not a field included",
      },
      {
        flag: '--html',
        value: 'OUT.html',
        meaning:
          'ex03 only: also write one self-contained page with every hand-in: picture, verdict, checklist, explanation (module: --html alone prints the class page, for A4, to standard output)',
      },
      {
        flag: '--quiz',
        value: 'FILE.csv',
        meaning: 'module only: the quiz scores, one row student,score (out of 10); without it the quiz is "not given"',
      },
      {
        flag: '--marks',
        value: 'FILE.csv',
        meaning:
          'module only: the marks of the written answers, a header row student,ex01,ex02,ex06 then pass, fail or empty; without it they are "to mark"',
      },
      {
        flag: '--deadline-ms',
        value: 'MS',
        meaning:
          "lab and module: real milliseconds after which each worker is stopped and its night judged (the lab's deadline, 60000 by default)",
      },
    ],
    exits: [
      { status: 0, meaning: 'every file was graded, complete or not' },
      {
        status: 2,
        meaning:
          'some file was not a hand-in (or, for ex04, ex05 and lab, not one of that exercise, or its worker folder cannot be used; for module, some exercise is invalid), nothing was found, the page could not be written, the database could not start, or the command line is wrong',
      },
    ],
    doc: 'docs/grading.md',
  },
  {
    name: 'link',
    operands: 'FILE [--base URL]',
    summary: 'print a share link that opens the scenario in the app',
    description: 'Prints a link whose address holds the whole scenario, compressed; opening it shows the night.',
    options: [{ flag: '--base', value: 'URL', meaning: `the app's address (default ${DEFAULT_APP_URL})` }],
    exits: [
      { status: 0, meaning: 'the link was printed' },
      { status: 2, meaning: 'the file is invalid or unreadable, or the command line is wrong' },
    ],
    doc: 'docs/share-links.md',
  },
  {
    name: 'presets',
    operands: '',
    summary: 'list the built-in presets',
    description: 'Lists every built-in preset: its id, its title and the lessons, exercises and questions it serves.',
    options: [],
    exits: [{ status: 0, meaning: 'the list was printed' }, BAD_USAGE],
    doc: 'docs/presets.md',
  },
  {
    name: 'preset',
    operands: 'ID',
    summary: 'print a preset as a scenario file (e.g. preset s07-fencing-on > s07.json)',
    description: 'Prints one built-in preset as a scenario file, to save, edit and check.',
    options: [],
    exits: [
      { status: 0, meaning: 'the preset was printed' },
      {
        status: 2,
        meaning: 'there is no preset with that id (the known ids are listed), or the command line is wrong',
      },
    ],
    doc: 'docs/presets.md',
  },
  {
    name: 'lab',
    operands:
      '[--lock shedlock|redis|etcd] [--failover] [--db URL] [--replicas N] [--fencing off|job|row] [--token on|off|incr|db] [--lock-at-most-for DUR] [--lock-at-least-for DUR] [--scale MS] [--pause auto|none] [--pause-for DUR] [--worker "CMD"] [--seed N] [--deadline-ms MS] [--out FILE] [--json] [--keep-db]',
    summary:
      'run the night on a real PostgreSQL (and Redis or etcd) with one process per replica, pause the holder, judge the database',
    description:
      "Runs the lab's acceptance test for real: a PostgreSQL (embedded unless --db), one worker process per replica, a SIGSTOP of the lock's holder right after its first committed write and a SIGCONT after its lease ran out, then the verdict read from the database. With --lock redis the lock is a key on a real redis-server (SET NX PX, released by compare-and-delete) and --failover kills its primary at the holder's first write and promotes a replica that never got tonight's writes. With --lock etcd the lock is etcd's Mutex on a real etcd (a lease kept alive, the lowest create revision holds and is the token), and the holder's lease expires on etcd while it is stopped. Ctrl+C stops every worker and the embedded servers.",
    options: [
      {
        flag: '--lock',
        value: 'shedlock|redis|etcd',
        meaning:
          "ShedLock's row in PostgreSQL, a Redis key on a redis-server of the lab's own, or etcd's Mutex on an etcd of the lab's own (default shedlock)",
      },
      {
        flag: '--failover',
        meaning:
          "with --lock redis: kill the primary (SIGKILL) at the holder's first write and promote its replica, which never got tonight's key or counter",
      },
      { flag: '--db', value: 'URL', meaning: 'a postgres:// server to use instead of the embedded one' },
      { flag: '--replicas', value: 'N', meaning: 'worker processes, 1 to 9 (default 3)' },
      {
        flag: '--fencing',
        value: 'off|job|row',
        meaning: 'what the built-in worker fences: nothing, the job fence row, each order row (default job)',
      },
      {
        flag: '--token',
        value: 'on|off|incr|db',
        meaning:
          "whether the grant mints a fencing token (default on); with --lock redis: incr (INCR in the SET's script, the default), db (the database's sequence) or off; with --lock etcd on is the key's create revision",
      },
      { flag: '--lock-at-most-for', value: 'DUR', meaning: 'the lease, in simulated time (default 5m)' },
      { flag: '--lock-at-least-for', value: 'DUR', meaning: 'the minimum hold, in simulated time (default 0s)' },
      { flag: '--scale', value: 'MS', meaning: 'real milliseconds per simulated second, 1 to 1000 (default 10)' },
      {
        flag: '--pause',
        value: 'auto|none',
        meaning: 'pause the holder after its first write, or nothing (default auto)',
      },
      {
        flag: '--pause-for',
        value: 'DUR',
        meaning:
          'how long the pause lasts, simulated (default lockAtMostFor plus two retry periods; with --lock etcd the lease TTL and a third, half a second and two retry periods)',
      },
      {
        flag: '--worker',
        value: '"CMD"',
        meaning: 'run CMD (through sh -c) as each replica instead of the built-in worker: your own job (docs/lab.md)',
      },
      { flag: '--seed', value: 'N', meaning: 'rotates the order the workers are started in (default 0)' },
      {
        flag: '--deadline-ms',
        value: 'MS',
        meaning:
          'real milliseconds after which every worker is stopped and the night judged, 1000 to 3600000 (default 60000)',
      },
      { flag: '--out', value: 'FILE', meaning: 'write the measured night as a scenario file the app opens' },
      { flag: '--json', meaning: 'print the report as JSON' },
      { flag: '--keep-db', meaning: 'keep the database running and print its URL until Ctrl+C' },
    ],
    exits: [
      {
        status: 0,
        meaning:
          'the acceptance test happened (a holder committed, was paused past its lease, another took over and committed, the holder resumed) and nothing was applied twice; with --pause none, a holder committed and nothing was applied twice (never SAFE)',
      },
      { status: 1, meaning: 'an order was applied more than once or a stale token was accepted' },
      {
        status: 2,
        meaning:
          'a step of the acceptance test did not happen (named), or the lab could not run: a bad flag, a database it cannot reach, a worker that would not start or exited non-zero (the reason on stderr)',
      },
      { status: 130, meaning: 'interrupted (Ctrl+C or SIGTERM); everything was stopped' },
    ],
    doc: 'docs/lab.md',
  },
  {
    name: 'version',
    operands: '',
    summary: "print leaseline's version (also: --version)",
    description: "Prints the version of this copy of Leaseline (package.json's version).",
    options: [],
    exits: [{ status: 0, meaning: 'the version was printed' }, BAD_USAGE],
  },
  {
    name: 'help',
    operands: '[COMMAND]',
    summary: "show this text, or a command's own help (also: COMMAND --help)",
    description: "Shows the list of commands, or with a COMMAND that command's options and exit statuses.",
    options: [],
    exits: [{ status: 0, meaning: 'the help was printed' }, BAD_USAGE],
  },
];

/** The table's entry for `name`, or undefined. */
export function commandNamed(name: string): CommandHelp | undefined {
  return COMMAND_TABLE.find((command) => command.name === name);
}
