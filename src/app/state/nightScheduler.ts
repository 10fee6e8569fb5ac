/**
 * Which drag preview the night worker simulates, and which of its answers the chart may show.
 * A big night takes longer to simulate than a frame lasts, and the pointer moves every frame,
 * so the moves pile up faster than the worker answers. The rules:
 *
 * - one request in flight at a time; a move made meanwhile waits as the *next* request, and a
 *   later move replaces it, so the worker only ever simulates the newest move it can;
 * - every request has an id, increasing; an answer is shown only if it is for a newer request
 *   than the night on screen, so a late answer never overwrites a newer one;
 * - `drop()` (the drag ended or was cancelled) forgets what was asked: answers to requests
 *   made before it are dropped when they come.
 *
 * Pure logic around an injected port, so the rules are unit-tested without a worker. When the
 * worker cannot start or fails, the scheduler simulates on the main thread instead (slow, but
 * the chart still follows).
 */
import type { ScenarioDocument } from '../../model/scenarioSchema';
import type { Night } from './night';

/** What crosses to the worker: structured-clone data only. */
export interface NightRequest {
  readonly id: number;
  readonly document: ScenarioDocument;
  /**
   * The drag's origin, whose night the worker keeps with its checkpoints and re-simulates
   * each move from (`incrementalNight.ts`); absent, the night is simulated whole.
   */
  readonly origin?: ScenarioDocument;
}

/** What comes back: the night of the request with that id (plain data, as computeNight makes it). */
export interface NightResponse {
  readonly id: number;
  readonly night: Night;
}

/** The worker as the scheduler sees it. */
export interface NightPort {
  post(request: NightRequest): void;
  /** `onFailure`: the worker could not run (load error, an answer that would not deserialize). */
  listen(onResponse: (response: NightResponse) => void, onFailure: () => void): void;
  /** Stops the worker. */
  close(): void;
}

export interface NightSchedulerOptions {
  /** Opens the worker on first use; null when there can be none (no Worker in this environment). */
  readonly openPort: () => NightPort | null;
  /** The main-thread fallback. */
  readonly computeNight: (document: ScenarioDocument) => Night;
  /** A newer night than the one shown, for `document`. */
  readonly onNight: (document: ScenarioDocument, night: Night) => void;
}

export interface NightScheduler {
  /**
   * Asks for the night of `document`, the newest move of a drag from `origin`; any older move
   * not yet sent is replaced.
   */
  request(document: ScenarioDocument, origin?: ScenarioDocument): void;
  /** Forgets every request made so far: their answers will not be shown. */
  drop(): void;
  /** A request is waiting or in flight and not dropped: the chart shows an older night. */
  readonly pending: boolean;
  /** Drops everything and stops the worker (the chart is unmounted); a later request opens another. */
  close(): void;
}

interface Request {
  readonly id: number;
  readonly document: ScenarioDocument;
  readonly origin: ScenarioDocument | undefined;
}

export function createNightScheduler(options: NightSchedulerOptions): NightScheduler {
  let port: NightPort | null = null;
  let portFailed = false;
  let lastId = 0;
  /** invariant: requests with an id at or below this were dropped; their answers are ignored. */
  let droppedThroughId = 0;
  /** invariant: the id of the night on screen; an answer at or below it is late. */
  let shownId = 0;
  let inFlight: Request | null = null;
  let next: Request | null = null;

  const show = (request: Request, night: Night) => {
    if (request.id <= droppedThroughId || request.id <= shownId) return;
    shownId = request.id;
    options.onNight(request.document, night);
  };

  const computeHere = (request: Request) => show(request, options.computeNight(request.document));

  const send = (request: Request) => {
    const open = portOrNull();
    if (open === null) {
      computeHere(request);
      return;
    }
    inFlight = request;
    open.post(
      request.origin === undefined
        ? { id: request.id, document: request.document }
        : { id: request.id, document: request.document, origin: request.origin },
    );
  };

  const onResponse = (response: NightResponse) => {
    const answered = inFlight;
    // An answer that is not for the request in flight is from before a failure: ignore it.
    if (answered === null || response.id !== answered.id) return;
    inFlight = null;
    show(answered, response.night);
    sendNext();
  };

  const sendNext = () => {
    const waiting = next;
    next = null;
    if (waiting !== null && waiting.id > droppedThroughId) send(waiting);
  };

  const onFailure = () => {
    portFailed = true;
    port = null;
    // What the worker was asked is simulated here, in order, so nothing asked is lost.
    const lost = inFlight;
    inFlight = null;
    // A newer move waiting replaces it, as it would have in the worker.
    if (lost !== null && lost.id > droppedThroughId && next === null) computeHere(lost);
    sendNext();
  };

  const portOrNull = (): NightPort | null => {
    if (port !== null || portFailed) return port;
    port = options.openPort();
    if (port === null) portFailed = true;
    else port.listen(onResponse, onFailure);
    return port;
  };

  return {
    request(document, origin) {
      lastId += 1;
      const request = { id: lastId, document, origin };
      if (inFlight === null) send(request);
      else next = request;
    },
    drop() {
      droppedThroughId = lastId;
      next = null;
    },
    get pending() {
      return (inFlight !== null && inFlight.id > droppedThroughId) || next !== null;
    },
    close() {
      droppedThroughId = lastId;
      next = null;
      inFlight = null;
      port?.close();
      port = null;
    },
  };
}
