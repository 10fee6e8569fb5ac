/**
 * What the kernel keeps for the night's coordination service without looking inside: plain
 * data that only the service that made it reads. Each service declares its own union of agenda
 * and inbox payloads (`LockService.handle`, `heldReply`) and its own state (`createState`); a
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
