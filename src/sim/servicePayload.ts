/**
 * What a coordination service keeps in the kernel's queue and inboxes: plain data that only
 * the service that made it reads (`LockService.handle`, `heldReply`). Each service declares its
 * own union of payloads; the kernel carries them without looking inside, so it imports no
 * service. A night has one lock service, so a payload always goes back to the service that made it.
 */
export interface ServicePayload {
  readonly kind: string;
}
