import { DEFAULT_APP_URL } from '../model/shareLink';

/** The `leaseline help` text. */
export const USAGE = `Usage: npm run --silent leaseline -- <command> ...

Commands:
  check FILE... [--json]   simulate each scenario file and report what happened
                           exit 0: all safe, 1: any unsafe, 2: any invalid
  trace FILE [--json]      print everything that happened in the night, one line per
                           entry; --json: the full trace, every SQL statement with its
                           kind, bound values, text, rows and outcome
  search FILE [--budget N] [--seed S] [--faults LIST] [--fresh] [--invariants LIST]
       [--json] [--out FOUND.json]
                           search nights of faults that make sense for the file's lock
                           (pause, pauseBeforeWrite, crash, clockJump, delayWrite,
                           partition, starveRenewer, redisFailover, killSession,
                           expireLock; --faults narrows the list) for one that applies
                           an item twice or accepts a stale token (--invariants I1..I6
                           to look for others), then shrink it to the smallest such
                           night; the file's own events stay unless --fresh; default
                           budget 5000 nights, seed 1; --out writes the found night
                           exit 0: nothing broke, 1: found (the night and its report),
                           2: bad file or option
  grade ex03 FILE... [--csv] [--html OUT.html]
                           grade hand-ins (JSON or exported PNG, or folders of them)
                           against the EX03 checklist, with flags (not an exercise,
                           identical to a preset, no explanation); --csv prints a
                           gradebook table, --html writes one page of every hand-in
                           exit 0: all graded, 2: any file invalid
  link FILE [--base URL]   print a share link that opens the scenario in the app
                           (default base: ${DEFAULT_APP_URL})
  presets                  list the built-in presets
  preset ID                print a preset as a scenario file (e.g. preset s07-fencing-on > s07.json)
  lab [--db URL] [--replicas N] [--fencing off|job|row] [--token on|off]
      [--lock-at-most-for DUR] [--lock-at-least-for DUR] [--scale MS]
      [--pause auto|none] [--pause-for DUR] [--worker "CMD"] [--seed N]
      [--out FILE] [--json] [--keep-db]
                           run the night on a real PostgreSQL (embedded unless --db)
                           with one real process per replica, pause the holder with
                           SIGSTOP, and judge the database (LAB.md, docs/lab.md)
                           exit 0: nothing applied twice, 1: applied twice or a stale
                           token accepted, 2: the lab could not run
  help                     show this text

A key of a file that is not a field of the format (a misspelt "lockAtMostFr") is a warning on
stderr naming its path and the key meant, and under "warnings" in --json; it changes nothing,
the exit status included.

The scenario file format is described in docs/scenario-format.md, grading in docs/grading.md,
the search in docs/search.md.
`;
