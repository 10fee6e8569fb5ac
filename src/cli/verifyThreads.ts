/**
 * `leaseline verify --workers N`: the nights checked on N threads (node:worker_threads), each
 * taking its share of every fault count (`verify/nightExplorer.ts` shares them by a night's
 * last fault, every N-th element of the alphabet, so the counts, `simulations` included, and
 * the smallest failing night are the same bytes for any N). The main thread is one of the N: it drives the counts
 * one by one, as `verify/exploreNights.ts` does on one thread, checks the first share of each
 * itself, then sleeps on a shared counter until the others have answered: the command stays
 * synchronous. The threads are ended on every way out.
 */
import { MessageChannel, type MessagePort, receiveMessageOnPort, Worker } from 'node:worker_threads';
import type { ScenarioDocument } from '../model/scenarioSchema';
import type { SearchFault } from '../search/searchFault';
import type { SearchSpace } from '../search/searchSpace';
import {
  combineLevel,
  type Exploration,
  finishExploration,
  goesOn,
  nightsWithin,
  PROGRESS_EVERY_NIGHTS,
  startExploration,
  type VerifyProgress,
  verifyGrid,
} from '../verify/exploreNights';
import { type LevelResult, nightExplorer } from '../verify/nightExplorer';
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

interface Thread {
  readonly worker: Worker;
  readonly port: MessagePort;
}

/**
 * Explores on `workers` threads, this one included: it checks the first share itself while
 * `workers - 1` others check theirs, so a check pays for one thread fewer to start (and a
 * small one, which those threads' start would outlast, gains). `workers` 1 is this thread
 * alone (callers use exploreNights then).
 */
export function exploreInThreads(
  document: ScenarioDocument,
  options: VerifyOptions,
  workers: number,
  /** Told how far the check is about every `PROGRESS_WAIT_MS` while the threads work. */
  onProgress?: (progress: VerifyProgress) => void,
): (space: SearchSpace, alphabet: readonly SearchFault[]) => Exploration {
  return (space, alphabet) => {
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
      for (let index = 1; index < workers; index++)
        threads.push(startThread(document, options, index, workers, answered));
      const own = nightExplorer(space, alphabet, verifyGrid(space, options.gridMs), { index: 0, of: workers });
      if (answers().some((answer) => answer.kind !== 'ready')) throw new Error('a verify thread did not start');
      const state = startExploration(space, own.baseBreaks);
      const nightsTotal = nightsWithin(own.acceptedElements, options.maxFaults);
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
        const ownResult = own.level(request.count, onOwnNight);
        const others = answers().map((answer) => (answer as { result: LevelResult }).result);
        combineLevel(state, [ownResult, ...others]);
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
  index: number,
  of: number,
  answered: Int32Array,
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
    workerData: { document, options, share: { index, of }, port: port2, answered },
    transferList: [port2],
  });
  worker.unref();
  return { worker, port: port1 };
}
