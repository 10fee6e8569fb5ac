/**
 * What a scenario problem says, as data: a code and its values, beside the English sentence
 * the command line prints. The app renders the code from a translated template, so a reader
 * of another language gets a whole sentence in it; the English `message` stays the one text
 * the CLI and docs/scenario-format.md show, written where the problem is found.
 *
 * Values are of four kinds: a string is text as the file or the format writes it (a quoted
 * value, an example, a JSON path), shown left to right; a number is a count or a limit; a
 * list is several such texts; `{ term }` is a word the app translates (the kind of value a
 * field holds, "a list", "the end of the file"); a nested detail is a reason inside a reason.
 */

/** Words the app translates inside a message; the English is each term's phrase in `message`. */
export const ERROR_TERMS = {
  duration: 'a duration',
  timeOfNight: 'a time of night',
  amount: 'an amount',
  number: 'a number',
  replicaId: 'a replica id',
  hostName: 'a host name',
  clock: 'a clock',
  trigger: 'a trigger',
  replica: 'a replica',
  item: 'an item',
  job: 'a job',
  storageSetting: 'a storage setting',
  window: 'a window',
  title: 'a title',
  description: 'a description',
  explanation: 'an explanation',
  exerciseId: 'an exercise id',
  studentName: 'a student name',
  lockLostPolicy: 'a lock-lost policy',
  jobKind: 'a job kind',
  claimMode: 'a claim mode',
  sendOrder: 'a send order',
  fencingMode: 'a fencing mode',
  timeSource: 'a time source',
  tokenMint: 'a token mint',
  redisReplica: 'a Redis replica',
  releaseMode: 'a release mode',
  redisTokenSource: 'a Redis token source',
  lockKind: 'a lock kind',
  lock: 'a lock',
  eventId: 'an event id',
  label: 'a label',
  node: 'a node',
  eventType: 'an event type',
  event: 'an event',
  token: 'a token',
  grant: 'a grant',
  write: 'a write',
  writeResult: 'a write result',
  run: 'a run',
  runOutcome: 'a run outcome',
  labVerdict: 'a lab verdict',
  labLockService: 'a lab lock service',
  pause: 'a pause',
  orderAppliedTwice: 'an order applied more than once',
  labSource: 'the source "lab"',
  databaseName: 'a database name',
  scale: 'a scale',
  worker: 'a worker',
  labReport: 'a lab report',
  boundValue: 'a bound value',
  statement: 'a statement',
  statementKind: 'a statement kind',
  sqlStatement: 'an SQL statement',
  outcome: 'an outcome',
  measuredNight: 'a measured night',
  // The objects a key may be "not a field of" (unknownKeys.ts), where the word above will not do.
  scenarioFile: 'a scenario file',
  storageSettings: 'the storage settings',
  lockNone: 'a lock of kind none',
  lockShedlock: 'a shedlock lock',
  lockLease: 'a lease lock',
  lockRedis: 'a redis lock',
  lockEtcd: 'an etcd lock',
  lockZookeeper: 'a zookeeper lock',
  lockAdvisory: 'an advisory lock',
  eventPause: 'a pause event',
  eventPauseBeforeWrite: 'a pauseBeforeWrite event',
  eventCrash: 'a crash event',
  eventRestart: 'a restart event',
  eventClockJump: 'a clockJump event',
  eventDelayWrite: 'a delayWrite event',
  eventPartition: 'a partition event',
  eventStarveRenewer: 'a starveRenewer event',
  eventExpireLock: 'an expireLock event',
  eventRedisFailover: 'a redisFailover event',
  eventKillSession: 'a killSession event',
  eventTrigger: 'a trigger event',
  // What a list holds (`"A,B" is not a list of replicas`, `12 replicas; a scenario has 1 to 9`).
  items: 'items',
  replicas: 'replicas',
  events: 'events',
  ordersAppliedTwice: 'orders applied more than once',
  grants: 'grants',
  writes: 'writes',
  runs: 'runs',
  pauses: 'pauses',
  boundValues: 'bound values',
  statements: 'statements',
  // A value that is not a literal, as `describeValue` names it.
  aList: 'a list',
  anObject: 'an object',
  nothing: 'nothing',
  // Where the JSON scanner stopped.
  endOfFile: 'the end of the file',
  // Files sent instead of a hand-in (loadHandIn.ts).
  jpegImage: 'a JPEG image',
  gifImage: 'a GIF image',
  webpImage: 'a WebP image',
  pdfDocument: 'a PDF document',
  zipArchive: 'a ZIP archive (or Office document)',
  svgImage: 'an SVG image',
  xmlOrHtml: 'XML or HTML',
  // Why a link could not be read at all: the page's link reader did not load (the app's start).
  linkReaderMissing: 'the page could not load its link reader',
} as const;

export type ErrorTerm = keyof typeof ERROR_TERMS;

/** Every code a problem can carry; the app has a template for each (English and Arabic). */
export const ERROR_CODES = [
  // One field (fieldSchemas.ts, lockSchema.ts, eventSchema.ts, measuredNight.ts).
  'missing',
  'missingOneOf',
  'wrongType',
  'notList',
  'notOneOf',
  'notFlag',
  'notWholeNumber',
  'outOfRange',
  'tooManyChars',
  'badIdentifier',
  'listCountRange',
  'listCountMax',
  'durationNotPositive',
  'durationNegative',
  'scaleNotPositive',
  // Text parsers (duration.ts, timeOfNight.ts, amount.ts).
  'durationTooLongText',
  'notDuration',
  'durationUnitOrder',
  'durationFinerThanMs',
  'durationTooLarge',
  'notTimeOfNight',
  'timeFinerThanMs',
  'timeMinutesSeconds',
  'timePastNight',
  'notAmount',
  // The header (migrations.ts).
  'notAnObjectFile',
  'formatMissing',
  'notFormat',
  'versionMissing',
  'notVersion',
  'notVersionRange',
  'versionNewer',
  'noMigration',
  // Across fields (crossChecks.ts).
  'windowOrder',
  'windowOrderDefaultEnd',
  'windowOrderDefaultStart',
  'spanOrder',
  'duplicateId',
  'duplicateDefaultId',
  'clashesWithDefaultId',
  'duplicateOrder',
  'unknownReplica',
  'unknownNode',
  'unknownOrder',
  'tooManyProblems',
  // Keys that are not fields (unknownKeys.ts): warnings, not errors.
  'unknownField',
  'unknownFieldMeant',
  'tooManyUnknownFields',
  // The text of a file (loadScenario.ts, jsonSyntaxError.ts).
  'fileTooLarge',
  'fileEmpty',
  'notJson',
  'jsonSyntax',
  'jsonAfterEnd',
  'jsonTooDeep',
  'jsonSingleQuotes',
  'jsonSingleQuotedName',
  'jsonExpectedValue',
  'jsonExpectedName',
  'jsonExpectedColon',
  'jsonExpectedAfterProperty',
  'jsonExpectedAfterElement',
  'jsonTrailingComma',
  'jsonControlCharacter',
  'jsonBadEscape',
  'jsonUnclosedString',
  'jsonComment',
  // Share links (shareLink.ts, base64url.ts, boundedInflate.ts).
  'linkNoScenario',
  'linkNoEncoding',
  'linkNewer',
  'linkUnknownEncoding',
  'linkTooLong',
  'linkDamaged',
  'linkCannotOpen',
  'linkNotUtf8',
  'base64Length',
  'base64Character',
  'inflateTooLarge',
  'inflateCutShort',
  'inflateDamaged',
  // Hand-ins (loadHandIn.ts, pngScenario.ts, pngChunks.ts).
  'foreignFile',
  'svgOrHtml',
  'handInTooLarge',
  'handInFarTooLarge',
  'notPngNorText',
  'textNamedPng',
  'pngTooLarge',
  'pngBroken',
  'pngNoScenario',
  'pngManyScenarios',
  'pngScenarioTooLarge',
  'pngScenarioCrc',
  'pngScenarioCompressed',
  'pngScenarioHeader',
  'pngScenarioNotUtf8',
  'pngNoSignature',
  'pngCutBeforeEnd',
  'pngBadChunkType',
  'pngChunkTooLong',
  'pngChunkCut',
  'pngNoHeader',
  'pngTooManyChunks',
] as const;

export type ErrorCode = (typeof ERROR_CODES)[number];

export type ErrorValue = string | number | readonly string[] | { readonly term: ErrorTerm } | ErrorDetail;

export interface ErrorDetail {
  readonly code: ErrorCode;
  readonly values: Readonly<Record<string, ErrorValue>>;
}

/** A problem as the model reports it: the English sentence, and the same as data. */
export interface Problem {
  readonly message: string;
  readonly detail: ErrorDetail;
}

/** A detail. Pure. */
export function detail(code: ErrorCode, values: Readonly<Record<string, ErrorValue>> = {}): ErrorDetail {
  return { code, values };
}

/** A term value. Pure. */
export function term(name: ErrorTerm): { readonly term: ErrorTerm } {
  return { term: name };
}

// Zod carries only a message from a schema's error function to its issue, so a problem
// travels through zod as this marker and JSON; `fromZodMessage` reads it back.
const CARRIED = '\u0000leaseline-problem:';

/** A problem as a zod message. Pure. */
export function toZodMessage(problem: Problem): string {
  return `${CARRIED}${JSON.stringify(problem)}`;
}

/** The problem a zod message carries; zod's own messages come back without a detail. Pure. */
export function fromZodMessage(message: string): { readonly message: string; readonly detail?: ErrorDetail } {
  if (!message.startsWith(CARRIED)) return { message };
  return JSON.parse(message.slice(CARRIED.length)) as Problem;
}
