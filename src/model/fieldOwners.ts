/**
 * What each object of the scenario file is called when a key in it is not one of its fields
 * (`lock.lockAtMostFr is not a field of a shedlock lock`): the schemas register their objects
 * here, so the walk for unknown keys (unknownKeys.ts) reads the known fields and the name from
 * the one schema that validates them.
 */
import './zodConfig';
import * as z from 'zod/mini';
import type { ErrorTerm } from './errorDetail';

export interface FieldOwner {
  /** The object as the message names it, e.g. `a replica`, `a pause event`. */
  readonly owner: ErrorTerm;
}

export const fieldOwners = z.registry<FieldOwner>();

/** Registers `schema` under `owner` and returns it, so a schema is named where it is written. */
export function ownedBy<S extends z.core.$ZodType>(schema: S, owner: ErrorTerm): S {
  fieldOwners.add(schema, { owner });
  return schema;
}
