/**
 * One thread of `leaseline verify --workers N` (`verifyThreads.ts` starts and drives it): it
 * builds the design's alphabet as the main thread does, then checks its share of each fault
 * count it is asked for (`verify/nightExplorer.ts`) and answers on its port, waking the main
 * thread through the shared counter. Every failure is an answer too: the main thread waits
 * for answers, and would wait for ever on a thread that died silently.
 */
import { type MessagePort, workerData } from 'node:worker_threads';
import type { ScenarioDocument } from '../model/scenarioSchema';
import { searchSpace } from '../search/searchSpace';
import { PROGRESS_EVERY_NIGHTS, verifyGrid } from '../verify/exploreNights';
import { faultAlphabet } from '../verify/faultAlphabet';
import { type NightExplorer, nightExplorer, type Share } from '../verify/nightExplorer';
import type { VerifyOptions } from '../verify/verifyDesign';
import { NIGHTS_CHECKED, type ThreadAnswer, type ThreadRequest, tellAnswered } from './verifyThreadProtocol';

interface ThreadData {
  readonly document: ScenarioDocument;
  readonly options: VerifyOptions;
  readonly share: Share;
  readonly port: MessagePort;
  readonly answered: Int32Array;
}

const { document, options, share, port, answered } = workerData as ThreadData;
const answer = (message: ThreadAnswer) => {
  port.postMessage(message);
  tellAnswered(answered);
};

let explorer: NightExplorer | null = null;
try {
  const space = searchSpace(document, { fresh: options.fresh, faults: options.faults, invariants: options.invariants });
  const alphabet = faultAlphabet(space, options);
  explorer = nightExplorer(space, alphabet, verifyGrid(space, options.gridMs), share);
  answer({ kind: 'ready', acceptedElements: explorer.acceptedElements, baseBreaks: explorer.baseBreaks });
} catch (error) {
  answer({ kind: 'failed', message: error instanceof Error ? error.message : String(error) });
}

port.on('message', (request: ThreadRequest) => {
  if (request.kind === 'stop' || explorer === null) {
    port.close();
    return;
  }
  try {
    // Progress in whole batches: one shared write per batch of nights, read by the main thread as it waits.
    let unreported = 0;
    const onNight = () => {
      unreported += 1;
      if (unreported === PROGRESS_EVERY_NIGHTS) {
        Atomics.add(answered, NIGHTS_CHECKED, unreported);
        unreported = 0;
      }
    };
    answer({ kind: 'level', result: explorer.level(request.count, onNight) });
  } catch (error) {
    answer({ kind: 'failed', message: error instanceof Error ? error.message : String(error) });
  }
});
