import { describe, expect, it } from 'vitest';
import type { ScenarioDocument } from '../../model/scenarioSchema';
import type { Night } from './night';
import { createNightScheduler, type NightPort, type NightRequest, type NightResponse } from './nightScheduler';

/** A worker the test answers by hand, in any order it likes. */
function fakeWorker() {
  const posted: NightRequest[] = [];
  let respond: (response: NightResponse) => void = () => {};
  let fail: () => void = () => {};
  let closed = false;
  const port: NightPort = {
    post: (request) => posted.push(request),
    listen(onResponse, onFailure) {
      respond = onResponse;
      fail = onFailure;
    },
    close: () => {
      closed = true;
    },
  };
  return {
    port,
    posted,
    answer: (request: NightRequest) => respond({ id: request.id, night: nightFor(request.document) }),
    fail: () => fail(),
    get closed() {
      return closed;
    },
  };
}

/** A stand-in night that says which document it belongs to. */
const nightFor = (document: ScenarioDocument): Night => ({ kind: 'failed', message: document.title ?? '' });
const move = (n: number) => ({ title: `move ${n}` }) as ScenarioDocument;

function setup(openPort: () => NightPort | null) {
  const shown: string[] = [];
  const computedHere: string[] = [];
  const scheduler = createNightScheduler({
    openPort,
    computeNight: (document) => {
      computedHere.push(document.title ?? '');
      return nightFor(document);
    },
    onNight: (document, night) => {
      expect(night).toEqual(nightFor(document));
      shown.push(document.title ?? '');
    },
  });
  return { scheduler, shown, computedHere };
}

describe('createNightScheduler', () => {
  it('sends a move to the worker and shows its night when it comes', () => {
    const worker = fakeWorker();
    const { scheduler, shown } = setup(() => worker.port);
    scheduler.request(move(1));
    expect(worker.posted.map((request) => request.document.title)).toEqual(['move 1']);
    expect(scheduler.pending).toBe(true);
    worker.answer(worker.posted[0] as NightRequest);
    expect(shown).toEqual(['move 1']);
    expect(scheduler.pending).toBe(false);
  });

  it('keeps one request in flight: moves made meanwhile wait, and only the newest is sent next', () => {
    const worker = fakeWorker();
    const { scheduler, shown } = setup(() => worker.port);
    scheduler.request(move(1));
    scheduler.request(move(2));
    scheduler.request(move(3));
    expect(worker.posted.map((request) => request.document.title)).toEqual(['move 1']);
    worker.answer(worker.posted[0] as NightRequest);
    // Move 1's night is newer than what is on screen, so it shows; move 2 was overtaken unsent.
    expect(shown).toEqual(['move 1']);
    expect(worker.posted.map((request) => request.document.title)).toEqual(['move 1', 'move 3']);
    worker.answer(worker.posted[1] as NightRequest);
    expect(shown).toEqual(['move 1', 'move 3']);
    expect(scheduler.pending).toBe(false);
  });

  it('ids increase with every move, so a late answer is recognised', () => {
    const worker = fakeWorker();
    const { scheduler } = setup(() => worker.port);
    scheduler.request(move(1));
    scheduler.request(move(2));
    worker.answer(worker.posted[0] as NightRequest);
    const [first, second] = worker.posted;
    expect((second as NightRequest).id).toBeGreaterThan((first as NightRequest).id);
  });

  it('never lets a late answer overwrite a newer one', () => {
    const worker = fakeWorker();
    const { scheduler, shown } = setup(() => worker.port);
    scheduler.request(move(1));
    scheduler.request(move(2));
    worker.answer(worker.posted[0] as NightRequest);
    worker.answer(worker.posted[1] as NightRequest);
    // The worker (or a confused port) answers move 1 again, after move 2 is on screen.
    worker.answer(worker.posted[0] as NightRequest);
    expect(shown).toEqual(['move 1', 'move 2']);
  });

  it('drops the answers of a drag that ended, and sends the next drag only once the worker is free', () => {
    const worker = fakeWorker();
    const { scheduler, shown } = setup(() => worker.port);
    scheduler.request(move(1));
    scheduler.drop();
    expect(scheduler.pending).toBe(false);
    scheduler.request(move(2));
    expect(worker.posted).toHaveLength(1);
    expect(scheduler.pending).toBe(true);
    worker.answer(worker.posted[0] as NightRequest);
    expect(shown).toEqual([]);
    expect(worker.posted.map((request) => request.document.title)).toEqual(['move 1', 'move 2']);
    worker.answer(worker.posted[1] as NightRequest);
    expect(shown).toEqual(['move 2']);
  });

  it('forgets a waiting move when dropped: it is never sent', () => {
    const worker = fakeWorker();
    const { scheduler, shown } = setup(() => worker.port);
    scheduler.request(move(1));
    scheduler.request(move(2));
    scheduler.drop();
    worker.answer(worker.posted[0] as NightRequest);
    expect(worker.posted).toHaveLength(1);
    expect(shown).toEqual([]);
    expect(scheduler.pending).toBe(false);
  });

  it('opens the worker once, on the first request', () => {
    let opened = 0;
    const worker = fakeWorker();
    const { scheduler } = setup(() => {
      opened += 1;
      return worker.port;
    });
    expect(opened).toBe(0);
    scheduler.request(move(1));
    worker.answer(worker.posted[0] as NightRequest);
    scheduler.request(move(2));
    expect(opened).toBe(1);
  });

  it('simulates on the main thread where there is no worker', () => {
    const { scheduler, shown, computedHere } = setup(() => null);
    scheduler.request(move(1));
    scheduler.request(move(2));
    expect(computedHere).toEqual(['move 1', 'move 2']);
    expect(shown).toEqual(['move 1', 'move 2']);
    expect(scheduler.pending).toBe(false);
  });

  it('when the worker fails, simulates what it was asked on the main thread and stays there', () => {
    const worker = fakeWorker();
    const { scheduler, shown, computedHere } = setup(() => worker.port);
    scheduler.request(move(1));
    worker.fail();
    expect(computedHere).toEqual(['move 1']);
    expect(shown).toEqual(['move 1']);
    scheduler.request(move(2));
    expect(worker.posted).toHaveLength(1);
    expect(shown).toEqual(['move 1', 'move 2']);
  });

  it('when the worker fails with a newer move waiting, simulates only the newer one', () => {
    const worker = fakeWorker();
    const { scheduler, shown, computedHere } = setup(() => worker.port);
    scheduler.request(move(1));
    scheduler.request(move(2));
    worker.fail();
    expect(computedHere).toEqual(['move 2']);
    expect(shown).toEqual(['move 2']);
  });

  it('close stops the worker and drops what was in flight', () => {
    const worker = fakeWorker();
    const { scheduler, shown } = setup(() => worker.port);
    scheduler.request(move(1));
    scheduler.close();
    expect(worker.closed).toBe(true);
    worker.answer(worker.posted[0] as NightRequest);
    expect(shown).toEqual([]);
  });
});
