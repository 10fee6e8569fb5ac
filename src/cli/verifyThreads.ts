/**
 * `leaseline verify --workers N`: the nights checked on N threads (node:worker_threads), each
 * taking its share of every fault count (`verify/nightExplorer.ts` shares them by a night's
 * last fault, every N-th element of the alphabet, so the counts, `simulations` included, and
 * the smallest failing night are the same bytes for any N). The main thread drives the counts
 * one by one, as `verify/exploreNights.ts` does on one thread, and sleeps on a shared counter
 * until the threads have answered: the command stays synchronous. On a small check it is one
 * of the N and checks the first share itself; a long one runs wholly on threads with a larger
 * young generation (`THREADS_ONLY_FROM_NIGHTS`), `--workers 1` included. The threads are ended
 * on every way out.
 */
import { MessageChannel, type MessagePort, receiveMessageOnPort, Worker } from 'node:worker_threads';
import type { ScenarioDocument } from '../model/scenarioSchema';
import type { SearchFault } from '../search/searchFault';
import type { SearchSpace } from '../search/searchSpace';
import {
  combineLevel,
  type Exploration,
  exploreNights,
  finishExploration,
  goesOn,
  nightsWithin,
  PROGRESS_EVERY_NIGHTS,
  startExploration,
  type VerifyProgress,
  verifyGrid,
} from '../verify/exploreNights';
import { type LevelResult, nightExplorer, type Share } from '../verify/nightExplorer';
import type { VerifyOptions } from '../verify/verifyDesign';
import {
  ANSWERS,
  NIGHTS_CHECKED,
  SHARED_COUNTERS,
  type ThreadAnswer,
  type ThreadRequest,
} from './verifyThreadProtocol';

/** How long the main thread sleeps between looks at the threads' progress (when it is asked for). */
const PROGRESS_WAIT_MS = 250;

/**
 * From how many nights (at most, by the alphabet's size) a check runs wholly on threads of its
 * own, this one only driving them, even with `--workers 1`: a long check allocates gigabytes
 * (8.7 GB on the default bounds) and keeps its parents' checkpoints and its remembered futures
 * alive, and with V8's default young generation the collector copied the survivors again and
 * again. A thread can be given a larger one (`resourceLimits`), this one cannot once started.
 * On the default bounds (1.9 million nights) one thread took 10 to 11.7 s with it against 12.9
 * to 14.3 s without (10 to 13 s of CPU against 16 to 18); on a one-minute grid (52,651 nights)
 * the two ways are alike, and a thread costs 50 to 100 ms to start, so small checks stay here.
 */
const THREADS_ONLY_FROM_NIGHTS = 100_000;
/** The young generation of a long check's threads: 96 MB is three 32 MB semi-spaces (V8's default tops out at 16 MB each). 48 MB ran as the default did; 192 MB no faster than 96. */
const LONG_CHECK_YOUNG_GENERATION_MB = 96;

interface Thread {
  readonly worker: Worker;
  readonly port: MessagePort;
}

/**
 * Explores on `workers` threads. A small check includes this one: it checks the first share
 * itself while `workers - 1` others check theirs, so it pays for one thread fewer to start
 * (which a small check's time would not outlast); with `workers` 1 it is this thread alone. A
 * long check runs on `workers` threads of its own, each with a larger young generation.
 */
export function exploreInThreads(
  document: ScenarioDocument,
  options: VerifyOptions,
  workers: number,
  /** Told how far the check is about every `PROGRESS_WAIT_MS` while the threads work. */
  onProgress?: (progress: VerifyProgress) => void,
  /** From how many nights (at most) the check runs wholly on threads of its own (tests lower it). */
  threadsOnlyFromNights = THREADS_ONLY_FROM_NIGHTS,
): (space: SearchSpace, alphabet: readonly SearchFault[]) => Exploration {
  return (space, alphabet) => {
    const nightsAtMost = nightsWithin(alphabet.length, options.maxFaults);
    const inThreadsOnly = nightsAtMost >= threadsOnlyFromNights;
    if (workers === 1 && !inThreadsOnly) {
      return exploreNights(space, alphabet, {
        maxFaults: options.maxFaults,
        countAll: options.countAll,
        grid: verifyGrid(space, options.gridMs),
        ...(onProgress ? { onProgress } : {}),
      });
    }
    const answered = new Int32Array(new SharedArrayBuffer(SHARED_COUNTERS * Int32Array.BYTES_PER_ELEMENT));
    const threads: Thread[] = [];
    let expected = 0;
    let tell = () => {};
    const answers = (): ThreadAnswer[] => {
      expected += threads.length;
      for (;;) {
        const seen = Atomics.load(answered, ANSWERS);
        if (seen >= expected) break;
        Atomics.wait(answered, ANSWERS, seen, onProgress ? PROGRESS_WAIT_MS : undefined);
        tell();
      }
      return threads.map(({ port }) => {
        const received = receiveMessageOnPort(port);
        if (received === undefined) throw new Error('a verify thread answered nothing');
        const answer = received.message as ThreadAnswer;
        if (answer.kind === 'failed') throw new Error(answer.message);
        return answer;
      });
    };
    try {
      // The other threads start first: their start runs while this one sets up its own share.
      for (let index = inThreadsOnly ? 0 : 1; index < workers; index++)
        threads.push(startThread(document, options, { index, of: workers }, answered, inThreadsOnly));
      const own = inThreadsOnly
        ? null
        : nightExplorer(space, alphabet, verifyGrid(space, options.gridMs), { index: 0, of: workers });
      const ready = answers();
      const first = ready[0];
      if (first?.kind !== 'ready' || ready.some((answer) => answer.kind !== 'ready')) {
        throw new Error('a verify thread did not start');
      }
      const { acceptedElements, baseBreaks } = own ?? first;
      const state = startExploration(space, baseBreaks);
      const nightsTotal = nightsWithin(acceptedElements, options.maxFaults);
      const checkedBefore = () => state.nights.reduce((total, nights) => total + nights, 0);
      let ownChecked = 0;
      if (onProgress) {
        tell = () =>
          onProgress({
            nightsChecked: Math.min(nightsTotal, checkedBefore() + ownChecked + Atomics.load(answered, NIGHTS_CHECKED)),
            nightsTotal,
          });
      }
      const onOwnNight = () => {
        ownChecked += 1;
        if (ownChecked % PROGRESS_EVERY_NIGHTS === 0) tell();
      };
      while (goesOn(state, options)) {
        const request: ThreadRequest = { kind: 'level', count: state.nights.length };
        Atomics.store(answered, NIGHTS_CHECKED, 0);
        ownChecked = 0;
        for (const { port } of threads) port.postMessage(request);
        const ownResult = own?.level(request.count, onOwnNight);
        const others = answers().map((answer) => (answer as { result: LevelResult }).result);
        combineLevel(state, ownResult ? [ownResult, ...others] : others);
      }
      onProgress?.({ nightsChecked: checkedBefore(), nightsTotal });
      return finishExploration(state, options.maxFaults);
    } finally {
      for (const { worker, port } of threads) {
        port.postMessage({ kind: 'stop' } satisfies ThreadRequest);
        port.close();
        void worker.terminate();
      }
    }
  };
}

/**
 * A thread running `verifyThread.ts`. Built (`dist-cli/leaseline.mjs`, scripts/build-cli.mjs)
 * the thread is the plain `dist-cli/verifyThread.mjs` beside it. From source the command runs
 * under tsx, whose loader a worker thread does not inherit: the thread registers it first
 * (tsx's own API), and reports a failure to load as an answer, since the main thread is
 * asleep waiting for one.
 */
function startThread(
  document: ScenarioDocument,
  options: VerifyOptions,
  share: Share,
  answered: Int32Array,
  roomyYoungGeneration: boolean,
): Thread {
  const fromSource = import.meta.url.endsWith('.ts');
  const entry = new URL(fromSource ? './verifyThread.ts' : './verifyThread.mjs', import.meta.url).href;
  const load = fromSource
    ? `import(${JSON.stringify(import.meta.resolve('tsx/esm/api'))})\n  .then(({ tsImport }) => tsImport(${JSON.stringify(entry)}, ${JSON.stringify(entry)}))`
    : `import(${JSON.stringify(entry)})`;
  const source = [
    `const { workerData } = require('node:worker_threads');`,
    load,
    `  .catch((error) => {`,
    `    workerData.port.postMessage({ kind: 'failed', message: 'a verify thread did not start: ' + String(error) });`,
    `    Atomics.add(workerData.answered, 0, 1);`,
    `    Atomics.notify(workerData.answered, 0);`,
    `  });`,
  ].join('\n');
  const { port1, port2 } = new MessageChannel();
  const worker = new Worker(source, {
    eval: true,
    workerData: { document, options, share, port: port2, answered },
    transferList: [port2],
    ...(roomyYoungGeneration ? { resourceLimits: { maxYoungGenerationSizeMb: LONG_CHECK_YOUNG_GENERATION_MB } } : {}),
  });
  worker.unref();
  return { worker, port: port1 };
}
