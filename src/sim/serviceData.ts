/**
 * What the kernel keeps for the night's coordination service without looking inside: plain
 * data that only the service that made it reads. Each service declares its own union of agenda
 * and inbox payloads (`LockService.handle`, `heldReply`), its own state (`createState`) and
 * its client on each process (`createClient`); a
 * night has one lock service, so a payload or a state always goes back to the service that
 * made it, and the kernel imports no service.
 */

/** A service's agenda item or held reply. */
export interface ServicePayload {
  readonly kind: string;
}

/**
 * A service's state for the night (the Redis nodes, the Lease record, the consensus cluster),
 * or null for a service whose state lives in the database. Plain data: a checkpoint copies it.
 */
export type ServiceState = { readonly kind: string } | null;

/**
 * A service's client on one replica's process (ShedLock's row cache and KeepAlive grid, the
 * elector, the value set on the Redis key, the consensus grant), or null for a service with
 * none. Plain data: a checkpoint copies it with the process.
 */
export type ServiceClient = { readonly kind: string } | null;

/**
 * `data` (a service's state or a process's client) as the service's own type `T`, which the
 * kind names. The kernel keeps it opaque; a service reading another service's data (or none)
 * is a wiring mistake, so it throws, naming `what` was looked for.
 */
export function serviceDataOf<T extends { readonly kind: string }>(
  data: ServiceState | ServiceClient,
  kind: T['kind'],
  what: string,
): T {
  if (data?.kind !== kind) throw new Error(`${what}: the night holds ${data ? `${data.kind}'s` : 'none'}`);
  return data as T;
}
