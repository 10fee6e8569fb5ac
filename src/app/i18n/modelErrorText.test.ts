/**
 * A broken file's or link's problems read whole in the reader's language. The corpus below
 * reaches every code the model can give (checked against ERROR_CODES), so the English
 * templates are held to the CLI's own sentences word for word (the data carries everything the
 * sentence says), and the Arabic sentences to having no English words outside the isolated
 * values that were written in the file.
 */
import { deflateSync, strToU8 } from 'fflate';
import i18next, { type TFunction } from 'i18next';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { encodeBase64Url } from '../../model/base64url';
import { ERROR_CODES, ERROR_TERMS, type ErrorDetail } from '../../model/errorDetail';
import { loadHandIn } from '../../model/loadHandIn';
import { loadScenarioText, loadScenarioValue } from '../../model/loadScenario';
import { type Migration, migrateScenario } from '../../model/migrations';
import { encodePngChunk, PNG_CHUNKS_MAX, PNG_SIGNATURE } from '../../model/pngChunks';
import { embedScenarioInPng, extractScenarioFromPng } from '../../model/pngScenario';
import { decodeShareFragment } from '../../model/shareLink';
import { concatBytes, tinyPng } from '../../model/tinyPng.testing';
import { problemText } from '../panels/fields/problemText';
import { timeProblem } from '../panels/fields/validators';
import enModelErrors from './en.modelErrors.json';
import { i18n, switchLanguage } from './index';
import { type LocatedProblem, locatedProblemText, modelProblemText } from './modelErrorText';
import { translatedProblemText } from './problemTemplates';

const BASE = { format: 'leaseline/scenario', version: 1 };
const fragmentOf = (bytes: Uint8Array) => `#s=1.${encodeBase64Url(bytes)}`;

function problemsOfValue(value: unknown): LocatedProblem[] {
  const result = loadScenarioValue(value, 'case.json');
  return result.ok ? [] : [...result.errors];
}
/** Keys that are not fields: warnings, said with the same templates as problems. */
function warningsOfValue(value: unknown): LocatedProblem[] {
  return [...loadScenarioValue(value, 'case.json').warnings];
}
function problemsOfText(text: string): LocatedProblem[] {
  const result = loadScenarioText(text, 'case.json');
  return result.ok ? [] : [...result.errors];
}
function problemsOfLink(link: string): LocatedProblem[] {
  const result = decodeShareFragment(link);
  return result.ok ? [] : [...result.errors];
}

function problemsOfHandIn(input: Uint8Array | string, fileName = 'alice.png'): LocatedProblem[] {
  const result = loadHandIn(input, fileName);
  return result.ok ? [] : [...result.errors];
}
function problemsOfPng(bytes: Uint8Array): LocatedProblem[] {
  const result = extractScenarioFromPng(bytes);
  return result.ok ? [] : [{ path: '$', message: result.reason, ...(result.detail ? { detail: result.detail } : {}) }];
}

/** A PNG whose chunks after the signature are `chunks` (raw bytes). */
const pngOf = (...chunks: Uint8Array[]) => concatBytes([Uint8Array.from(PNG_SIGNATURE), ...chunks]);
const header = encodePngChunk('IHDR', new Uint8Array(13));
const end = encodePngChunk('IEND', new Uint8Array(0));
const keyword = strToU8('leaseline-scenario');
const textChunk = (type: string, ...parts: Uint8Array[]) => encodePngChunk(type, concatBytes([keyword, ...parts]));
const itxtHeader = Uint8Array.of(0, 0, 0, 0, 0);

/** Files sent as hand-ins: foreign formats, and PNGs broken in every way the reader names. */
function handIns(): LocatedProblem[] {
  const withScenario = embedScenarioInPng(tinyPng(), '{"format":"leaseline/scenario","version":1}');
  const damaged = withScenario.slice();
  const at = damaged.length - 20;
  damaged[at] = (damaged[at] ?? 0) ^ 0xff;
  const rawChunk = (length: number, type: number[]) => {
    const bytes = new Uint8Array(12);
    new DataView(bytes.buffer).setUint32(0, length);
    bytes.set(type, 4);
    return bytes;
  };
  return [
    ...problemsOfHandIn(Uint8Array.of(0xff, 0xd8, 0xff, 0xe0)),
    ...problemsOfHandIn('<svg xmlns="http://www.w3.org/2000/svg"></svg>', 'alice.svg'),
    ...problemsOfHandIn(new Uint8Array(5 * 1024 * 1024).fill(0x20), 'alice.json'),
    ...problemsOfHandIn(new Uint8Array(33 * 1024 * 1024).fill(0x20), 'alice.json'),
    ...problemsOfHandIn(Uint8Array.of(0xc3, 0x28), 'alice.json'),
    ...problemsOfHandIn(strToU8('{}')),
    ...problemsOfHandIn(concatBytes([Uint8Array.from(PNG_SIGNATURE), new Uint8Array(33 * 1024 * 1024)])),
    ...problemsOfPng(strToU8('not a png')),
    ...problemsOfHandIn(pngOf()),
    ...problemsOfHandIn(pngOf(rawChunk(0, [0, 0, 0, 0]))),
    ...problemsOfHandIn(pngOf(rawChunk(0xffffffff, [0x49, 0x48, 0x44, 0x52]))),
    ...problemsOfHandIn(pngOf(rawChunk(100, [0x49, 0x48, 0x44, 0x52]))),
    ...problemsOfHandIn(pngOf(end)),
    ...problemsOfHandIn(
      pngOf(header, ...Array.from({ length: PNG_CHUNKS_MAX }, () => encodePngChunk('tEXt', keyword))),
    ),
    ...problemsOfHandIn(tinyPng()),
    ...problemsOfHandIn(pngOf(header, textChunk('iTXt', itxtHeader), textChunk('iTXt', itxtHeader), end)),
    ...problemsOfHandIn(pngOf(header, textChunk('iTXt', itxtHeader, new Uint8Array(4 * 1024 * 1024 + 300)), end)),
    ...problemsOfHandIn(damaged),
    ...problemsOfHandIn(pngOf(header, textChunk('zTXt', Uint8Array.of(0, 0, 1)), end)),
    ...problemsOfHandIn(pngOf(header, textChunk('iTXt', Uint8Array.of(0, 0, 0)), end)),
    ...problemsOfHandIn(pngOf(header, textChunk('iTXt', itxtHeader, Uint8Array.of(0xc3, 0x28)), end)),
  ];
}

/** Every kind of mistake the model reports, by the door it comes in through. */
function corpus(): LocatedProblem[] {
  const documents: unknown[] = [
    [],
    'a string',
    {},
    { format: 'x', version: 1 },
    { format: 'leaseline/scenario' },
    { ...BASE, version: 'one' },
    { ...BASE, version: 9 },
    {
      ...BASE,
      title: 7,
      description: 'x'.repeat(10_001),
      exercise: 'ex 03',
      window: { from: '03:00:00', to: '02:00:00' },
      replicas: [
        { id: 'A', clock: { driftPpm: 1.5 }, trigger: { every: '0s', phase: '-1s' }, holderCheck: 'yes' },
        { id: 'A', onLockLost: 'panic', clock: { driftPpm: 2_000_000 } },
        'not an object',
      ],
      job: {
        kind: 'bake',
        items: [
          { order: 1, amount: '5' },
          { order: 1, amount: '5.00' },
        ],
        batch: 0,
      },
      lock: { kind: 'mutex' },
      storage: { fencing: 'on', lastToken: -1 },
    },
    {
      ...BASE,
      replicas: [
        { load: '60 seconds', perItem: '30s1m', markDone: '0.5ms', trigger: { every: '9999999999999h' } },
        { trigger: { at: '2:01', phase: 'x'.repeat(41) } },
        { trigger: { at: '02:60:00' } },
        { trigger: { at: '48:00:00' } },
        { trigger: { at: '02:00:00.2500' } },
      ],
    },
    { ...BASE, replicas: [{}, { id: 'A' }] },
    { ...BASE, replicas: [{ id: 'B' }, {}] },
    {
      ...BASE,
      replicas: [{ id: 'A' }, { id: 'B' }],
      events: [
        { type: 'pause', replica: 'Z', at: '02:00:00', for: '1s' },
        { type: 'clockJump', node: 'q', at: '02:00:00', by: '1s' },
        { type: 'delayWrite', replica: 'A', order: 1001, by: '1s' },
        { type: 'delayWrite', replica: 'A', order: 99, by: '1s' },
        { type: 'partition', replica: 'A', from: '02:05:00', to: '02:01:00' },
        { type: 'explode' },
        { replica: 'A' },
        { type: 'crash', at: '02:00:00' },
        { id: 'e1', type: 'crash', replica: 'A', at: '02:00:00' },
        { id: 'e8', type: 'crash', replica: 'A', at: '02:00:00' },
        { id: 'e8', type: 'crash', replica: 'A', at: '02:00:00' },
        5,
      ],
    },
    { ...BASE, window: { to: '00:30:00' } },
    { ...BASE, window: { from: '07:00:00' } },
    { ...BASE, replicas: [] },
    { ...BASE, replicas: 'A,B', events: Array.from({ length: 501 }, () => ({ type: 'expireLock', at: '02:00:00' })) },
    { ...BASE, lock: 'redis' },
    { ...BASE, measured: { report: { source: 'lab', scale: 0 }, statements: [] } },
    { ...BASE, events: Array.from({ length: 60 }, () => ({ type: 'expireLock', at: 'soon' })) },
  ];
  const texts = [
    '',
    ' '.repeat(SIZE_MAX + 1),
    '{"a": 1,\n "b": x}',
    '{"a": 1',
    '[1 2]',
    '[1, 2,]',
    "{'a': 1}",
    '{"a": \'x\'}',
    '{a: 1}',
    '{"a" 1}',
    '{"a": "x\ny"}',
    '{"a": "\\q"}',
    '{"a": "open',
    '{} {}',
    '// note\n{}',
    '{"a": {"b": 1 2}}',
    `${'['.repeat(600)}${']'.repeat(599)}`,
  ];
  const links = [
    '#x=1',
    '#s=abc',
    '#s=2.abc',
    '#s=0.abc',
    `#s=1.${'A'.repeat(1_500_000)}`,
    '#s=1.a',
    '#s=1.a/b',
    fragmentOf(deflateSync(new Uint8Array(50 * 1024 * 1024), { level: 9 })),
    fragmentOf(deflateSync(strToU8('{"format":"leaseline/scenario","version":1}')).slice(0, 10)),
    fragmentOf(new Uint8Array([0xff, 0xff, 0xff, 0xff])),
    fragmentOf(deflateSync(new Uint8Array([0xc3, 0x28]))),
    fragmentOf(deflateSync(strToU8('{"format":"leaseline/scenario","version":1,"lock":{"kind":"x"}}'))),
  ];
  const chain: Migration[] = [{ from: 0, to: 1, migrate: (document) => document }];
  const migrations = [
    migrateScenario({ ...BASE, version: 0 }, chain, 2),
    migrateScenario({ ...BASE, version: -1 }, chain, 2),
  ].flatMap((result) => (result.ok ? [] : result.issues.map((issue) => ({ ...issue, path: '' }))));
  const misspelt = {
    ...BASE,
    titel: 'x',
    storage: { fencng: 'job' },
    lock: { kind: 'etcd', colour: 'red' },
    events: [{ type: 'expireLock', at: '02:00:00', lable: 'x' }],
    ...Object.fromEntries(Array.from({ length: 52 }, (_, index) => [`x-${index}`, index])),
  };
  return [
    ...documents.flatMap(problemsOfValue),
    ...warningsOfValue(misspelt),
    ...texts.flatMap(problemsOfText),
    ...links.flatMap(problemsOfLink),
    ...migrations,
    ...handIns(),
  ];
}
const SIZE_MAX = 1024 * 1024;

function codesOf(detail: ErrorDetail | undefined, into: Set<string>): void {
  if (detail === undefined) return;
  into.add(detail.code);
  for (const value of Object.values(detail.values)) {
    if (typeof value === 'object' && 'code' in value) codesOf(value, into);
  }
}

const PROBLEMS = corpus();

/** Enough of a document for switchLanguage to turn the page. */
const page = () => ({ documentElement: { lang: 'en', dir: 'ltr' }, title: '' }) as unknown as Document;

/** What is left of a sentence once the isolated values are taken out. */
const outsideIsolates = (text: string) => text.replace(/[\u2066-\u2068][^\u2066-\u2069]*\u2069/g, ' ');

/** Latin words an Arabic sentence may keep: names, formats and literals of the file format. */
const LATIN_KEPT = new Set([
  ...['JSON', 'Leaseline', 'Redis', 'SQL', 'UTF', 'MiB', 'base64url', 'trigger', 'replica'],
  ...['PNG', 'IEND', 'IHDR', 'SVG', 'png', 'JPEG', 'GIF', 'WebP', 'PDF', 'ZIP', 'Office', 'XML', 'HTML'],
]);
const LATIN_LITERALS =
  /"[^"]*"|\{"format"|\[ \.\.\. \]|\\[nt]|hh:mm:ss|\b(?:h|m|s|ms|true|false|escape|replicas|lab)\b/g;

describe('a model problem in English', () => {
  it('the corpus reaches every code the model gives', () => {
    const codes = new Set<string>();
    for (const problem of PROBLEMS) codesOf(problem.detail, codes);
    // "not valid JSON" without a place is said only where JSON.parse refuses a text the
    // scanner accepts, which no known text does.
    const unreachable = ['notJson'];
    expect([...codes].sort()).toEqual(ERROR_CODES.filter((code) => !unreachable.includes(code)).sort());
  });

  it('renders from its template to exactly the sentence the CLI prints', () => {
    // The English templates are not in the app's bundle (English shows the model's sentence):
    // an instance of their own, with the app's English for the list words.
    const english = i18next.createInstance();
    void english.init({
      lng: 'en',
      initAsync: false,
      interpolation: { escapeValue: false },
      resources: { en: { translation: { ...i18n.getResourceBundle('en', 'translation'), ...enModelErrors } } },
    });
    const withDetail = PROBLEMS.filter((problem) => problem.detail !== undefined);
    expect(withDetail.length).toBeGreaterThan(100);
    for (const problem of withDetail) {
      expect(translatedProblemText(english.t as TFunction, problem)).toBe(problem.message);
      expect(modelProblemText(i18n.t, problem)).toBe(problem.message);
    }
  });

  it('has a template for every code and a word for every term', () => {
    expect(Object.keys(enModelErrors.modelError.code).sort()).toEqual([...ERROR_CODES].sort());
    expect(enModelErrors.modelError.term).toEqual(ERROR_TERMS);
  });

  it('names its JSON path before the reason, as before', () => {
    const [problem] = problemsOfValue({ ...BASE, replicas: [{ trigger: { every: '60 seconds' } }] });
    if (problem === undefined) throw new Error('expected a problem');
    expect(locatedProblemText(i18n.t, problem)).toBe(
      'replicas[0].trigger.every: "60 seconds" is not a duration; write e.g. "60s"',
    );
  });
});

describe('a model problem in Arabic', () => {
  beforeAll(() => switchLanguage('ar', 'western', page()));
  afterAll(() => switchLanguage('en', 'western', page()));

  it('is a whole Arabic sentence: no English outside the values written in the file', () => {
    for (const problem of PROBLEMS.filter((candidate) => candidate.detail !== undefined)) {
      const text = modelProblemText(i18n.t, problem);
      expect(text, problem.message).toMatch(/[\u0600-\u06ff]/);
      const words =
        outsideIsolates(text)
          .replace(LATIN_LITERALS, ' ')
          .match(/[A-Za-z][A-Za-z0-9]*/g) ?? [];
      expect(
        words.filter((word) => !LATIN_KEPT.has(word)),
        `${problem.message} -> ${text}`,
      ).toEqual([]);
    }
  });

  it('keeps the path and the value as written, each left to right in its own isolate', () => {
    const [problem] = problemsOfValue({ ...BASE, replicas: [{ trigger: { every: '60 seconds' } }] });
    if (problem === undefined) throw new Error('expected a problem');
    const text = locatedProblemText(i18n.t, problem);
    expect(text).toContain('\u2068replicas[0].trigger.every\u2069');
    expect(text).toContain('\u2068"60 seconds"\u2069');
    expect(text).toContain('ليس مدة');
    expect(text).not.toContain('is not a duration');
  });

  it('says a broken link in Arabic, reason within reason', () => {
    const [problem] = problemsOfLink('#s=1.a/b');
    if (problem === undefined) throw new Error('expected a problem');
    const text = modelProblemText(i18n.t, problem);
    expect(text).toMatch(/^الرابط تالف: /);
    expect(text).toContain('base64url');
    expect(text).not.toMatch(/damaged|character/);
  });

  it('writes the JSON line and column with the digits the person chose, never the file’s own text', async () => {
    await switchLanguage('ar', 'arabicIndic', page());
    const [problem] = problemsOfText('{"a": 1,\n "b": x}');
    if (problem === undefined) throw new Error('expected a problem');
    const text = modelProblemText(i18n.t, problem);
    expect(text).toContain('\u2066٢\u2069');
    expect(text).toContain('\u2068"x"\u2069');
    await switchLanguage('ar', 'western', page());
  });

  it('translates a field editor’s parse problem', () => {
    const problem = timeProblem('2:01');
    if (problem === null) throw new Error('expected a problem');
    expect(problemText(i18n.t, problem)).toMatch(/ليس وقتًا من الليلة/);
  });

  it('falls back to the English sentence, isolated, for a problem it has no template for', () => {
    const unknown = { message: 'it is a JPEG image', detail: { code: 'notACode', values: {} } } as never;
    expect(modelProblemText(i18n.t, unknown)).toBe('\u2068it is a JPEG image\u2069');
    expect(modelProblemText(i18n.t, { message: 'the PNG is cut short' })).toBe('\u2068the PNG is cut short\u2069');
  });
});
