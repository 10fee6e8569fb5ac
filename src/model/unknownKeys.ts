/**
 * Keys that are not fields of the format: kept on load and save and never read, so a misspelt
 * `lockAtMostFr` leaves the default lease in force without a word. Each is found here, by its
 * JSON path, with the key most likely meant, for every command and the app to say as a warning.
 *
 * The walk follows the same zod schemas that validate the file (their shapes are the known
 * fields; fieldOwners.ts names each object), so a field added to a schema is known here too.
 * It runs on the migrated document: paths and known fields are those of the current version.
 */
import type * as z from 'zod/mini';
import { closestKey } from './editDistance';
import { detail, ERROR_TERMS, type ErrorDetail, type ErrorTerm, term } from './errorDetail';
import { fieldOwners } from './fieldOwners';
import { formatJsonPath, type PathSegment } from './jsonPath';
import { scenarioSchema } from './scenarioSchema';

/** More unknown keys than this are summarised: a file that has so many is not a misspelling. */
export const UNKNOWN_KEYS_MAX = 50;

/** One key that is not a field, or (path `[]`) the count of those left unnamed past the cap. */
export interface UnknownKey {
  readonly path: readonly PathSegment[];
  /** The known field one or two edits away, or null. */
  readonly meant: string | null;
  /** `lock.lockAtMostFr is not a field of a shedlock lock; did you mean lockAtMostFor?` */
  readonly message: string;
  readonly detail: ErrorDetail;
}

type Schema = z.core.$ZodType;

/**
 * Every key of `document` that its schema does not know, in document order. Values of the
 * wrong type are passed over (validation reports them); so is an event or lock whose `type` or
 * `kind` is not one the format has. Pure.
 */
export function findUnknownKeys(document: unknown, schema: Schema = scenarioSchema): UnknownKey[] {
  const found: UnknownKey[] = [];
  walk(schema, document, [], found);
  if (found.length <= UNKNOWN_KEYS_MAX) return found;
  const more = found.length - UNKNOWN_KEYS_MAX;
  const message = `and ${more} more keys that are not fields`;
  return [
    ...found.slice(0, UNKNOWN_KEYS_MAX),
    { path: [], meant: null, message, detail: detail('tooManyUnknownFields', { count: more }) },
  ];
}

function walk(schema: Schema, value: unknown, path: readonly PathSegment[], found: UnknownKey[]): void {
  const def = schema._zod.def as z.core.$ZodTypeDef;
  switch (def.type) {
    case 'optional':
    case 'nullable':
      walk((def as z.core.$ZodOptionalDef).innerType, value, path, found);
      return;
    case 'array':
      if (Array.isArray(value)) {
        const element = (def as z.core.$ZodArrayDef).element;
        value.forEach((item, index) => {
          walk(element, item, [...path, index], found);
        });
      }
      return;
    case 'union': {
      const option = unionOption(def as z.core.$ZodDiscriminatedUnionDef, value);
      if (option !== null) walk(option, value, path, found);
      return;
    }
    case 'object':
      if (isPlainObject(value)) walkObject(schema, (def as z.core.$ZodObjectDef).shape, value, path, found);
      return;
    default:
      // A leaf: a string, number, flag, literal or closed set has no keys.
      return;
  }
}

function walkObject(
  schema: Schema,
  shape: Readonly<Record<string, Schema>>,
  value: Record<string, unknown>,
  path: readonly PathSegment[],
  found: UnknownKey[],
): void {
  const known = Object.keys(shape);
  for (const key of Object.keys(value)) {
    const field = Object.hasOwn(shape, key) ? shape[key] : undefined;
    if (field !== undefined) walk(field, value[key], [...path, key], found);
    else found.push(unknownKey([...path, key], fieldOwners.get(schema)?.owner ?? 'anObject', closestKey(key, known)));
  }
}

/**
 * The option of a tagged union that `value` is, by its tag (a lock's `kind`, an event's
 * `type`; a missing tag picks the option whose tag is optional). Only tagged unions hold
 * objects in this format; an untagged one (a measured statement's bound value) holds none.
 */
function unionOption(def: z.core.$ZodDiscriminatedUnionDef, value: unknown): Schema | null {
  if (def.discriminator === undefined || !isPlainObject(value)) return null;
  const tag = value[def.discriminator];
  const option = def.options.find((candidate) => candidate._zod.propValues?.[def.discriminator]?.has(tag as never));
  return option ?? null;
}

function unknownKey(path: readonly PathSegment[], owner: ErrorTerm, meant: string | null): UnknownKey {
  const where = formatJsonPath(path);
  const what = `${where} is not a field of ${ERROR_TERMS[owner]}`;
  if (meant === null) {
    const message = `${what}; it is kept, but changes nothing`;
    return { path, meant, message, detail: detail('unknownField', { path: where, owner: term(owner) }) };
  }
  const message = `${what}; did you mean ${meant}?`;
  return { path, meant, message, detail: detail('unknownFieldMeant', { path: where, owner: term(owner), meant }) };
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
