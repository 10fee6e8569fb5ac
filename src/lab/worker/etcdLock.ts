/**
 * The built-in worker's lock on etcd (`--lock etcd`, docs/lab.md "The etcd lock"), taken as
 * etcd's concurrency Mutex takes it (client/v3/concurrency, 3.4.23), through the JSON gateway:
 * a session is a lease of lockAtMostFor (whole seconds) kept alive every third of its TTL; the
 * worker puts its own key `PREFIX<lease hex>` on that lease if it has none, and holds once its
 * key has the lowest create revision under the prefix; until then it waits for the key created
 * just before its own to go (Mutex's `waitDeletes`, a look every WAIT_LOOK_MS here rather than a
 * watch). The create revision is the fencing token. Release deletes the key; close revokes the
 * lease. An etcd that does not answer is a denied try.
 *
 * A worker stopped longer than its TTL sends no keep-alive, so etcd expires its lease and
 * deletes its key: the next contender holds. The worker does not know until a keep-alive
 * answers TTL 0, after its resume, which is the point of the pause.
 */
import { EtcdGateway, type TxnAnswer } from '../etcdGateway';
import { contenderKeyOf, ETCD_LOCK_PREFIX, leaseTtlSecondsOf } from '../labEtcdKeys';
import type { LogCommand, WorkerLock } from './redisLock';
import type { WorkerEnv } from './workerEnv';

/** How often a waiter looks whether its predecessor's key is gone (real milliseconds). */
const WAIT_LOOK_MS = 50;

interface Session {
  readonly leaseId: string;
  readonly myKey: string;
  readonly keepAlive: NodeJS.Timeout;
  lost: boolean;
}

export function openEtcdLock(env: WorkerEnv, log: LogCommand, deadlineAtMs: number): WorkerLock {
  const etcd = new EtcdGateway(env.etcdUrl ?? '');
  const ttlSeconds = leaseTtlSecondsOf(env.lockAtMostForMs);
  let session: Session | null = null;

  const endSession = () => {
    if (session !== null) clearInterval(session.keepAlive);
    const ended = session;
    session = null;
    return ended;
  };
  const openSession = async (): Promise<Session> => {
    const sentT = Date.now();
    const { id } = await etcd.leaseGrantWithId(0, ttlSeconds);
    log({ kind: 'acquire', sentT, command: `LeaseGrant TTL ${ttlSeconds}`, values: [id], rows: 0, outcome: 'ok' });
    const opened: Session = {
      leaseId: id,
      myKey: contenderKeyOf(id),
      lost: false,
      keepAlive: setInterval(
        () => {
          // TTL 0: etcd no longer has the lease (it expired while we were stopped); its key is gone.
          etcd
            .leaseKeepAlive(id)
            .then((ttl) => {
              if (ttl <= 0) opened.lost = true;
            })
            .catch(() => undefined);
        },
        (ttlSeconds * 1000) / 3,
      ),
    };
    return opened;
  };

  /** Mutex.tryAcquire: put our key if we have none; our create revision and the owner's. */
  const tryAcquire = async (own: Session): Promise<{ myRevision: number; ownerRevision: number }> => {
    const sentT = Date.now();
    const answer: TxnAnswer = await etcd.mutexTryAcquire(ETCD_LOCK_PREFIX, own.myKey, own.leaseId, env.hostname);
    const myRevision = answer.succeeded ? answer.revision : (answer.ranges[0]?.[0]?.createRevision ?? 0);
    const ownerRevision = answer.ranges[1]?.[0]?.createRevision ?? 0;
    const granted = myRevision !== 0 && myRevision === ownerRevision;
    log({
      kind: 'acquire',
      sentT,
      command: `TXN IF CREATE(${own.myKey}) = 0 THEN PUT ${own.myKey} ${env.hostname} LEASE ${own.leaseId}, RANGE ${ETCD_LOCK_PREFIX} FIRST BY CREATE ELSE RANGE ${own.myKey}, RANGE ${ETCD_LOCK_PREFIX} FIRST BY CREATE`,
      values: [own.myKey, env.hostname, own.leaseId],
      rows: granted ? 1 : 0,
      outcome: granted ? 'granted' : 'denied',
      ...(granted ? { token: myRevision } : {}),
    });
    return { myRevision, ownerRevision };
  };

  /** Mutex.waitDeletes: true once no key created before ours is left; false if ours went too, or the night ended. */
  const waitForPredecessors = async (own: Session, myRevision: number): Promise<boolean> => {
    while (Date.now() < deadlineAtMs && !own.lost) {
      const before = await etcd.lastCreatedUpTo(ETCD_LOCK_PREFIX, myRevision - 1);
      if (before === null) {
        const mine = await etcd.get(own.myKey);
        return mine !== null && mine.createRevision === myRevision;
      }
      await new Promise((resolve) => setTimeout(resolve, WAIT_LOOK_MS));
    }
    return false;
  };

  return {
    async acquire() {
      try {
        if (session?.lost) endSession();
        session ??= await openSession();
        const own = session;
        const { myRevision, ownerRevision } = await tryAcquire(own);
        if (myRevision === 0) return undefined;
        if (myRevision === ownerRevision) return env.token ? myRevision : null;
        const sentT = Date.now();
        const holds = await waitForPredecessors(own, myRevision);
        log({
          kind: 'acquire',
          sentT,
          command: `RANGE ${ETCD_LOCK_PREFIX} LAST BY CREATE MAX_CREATE_REVISION ${myRevision - 1} (until none)`,
          values: [own.myKey],
          rows: holds ? 1 : 0,
          outcome: holds ? 'granted' : 'denied',
          ...(holds ? { token: myRevision } : {}),
        });
        if (!holds) {
          // Our key went with our lease: the next try starts a new session.
          if (own.lost) endSession();
          return undefined;
        }
        return env.token ? myRevision : null;
      } catch {
        return undefined;
      }
    },
    async release() {
      const own = session;
      if (own === null) return;
      const sentT = Date.now();
      const deleted = await etcd.delete(own.myKey).catch(() => 0);
      log({ kind: 'unlock', sentT, command: `DELETE ${own.myKey}`, values: [own.myKey], rows: deleted, outcome: 'ok' });
    },
    async close() {
      const ended = endSession();
      if (ended !== null) await etcd.leaseRevoke(ended.leaseId).catch(() => undefined);
    },
  };
}
