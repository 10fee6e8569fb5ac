/**
 * Share links: a whole scenario in the URL fragment, so sharing needs no server and the
 * scenario never reaches one (browsers do not send the fragment). Encoding 1, documented in
 * docs/share-links.md:
 *
 *   #s=1.<base64url, no padding, of raw DEFLATE (level 9) of the UTF-8 of the compact JSON>
 *
 * The "1." says how the rest is encoded; a later encoding takes the next number and this
 * code keeps reading "1.". Decoding treats the link as hostile: every step is bounded and
 * every failure comes back as a ScenarioError, never as a throw.
 */
import { deflateSync, strToU8 } from 'fflate';
import { decodeBase64Url, encodeBase64Url } from './base64url';
import { inflateBounded } from './boundedInflate';
import { detail, type ErrorDetail } from './errorDetail';
import { type LoadResult, loadScenarioText, refused, SCENARIO_TEXT_CHARS_MAX } from './loadScenario';
import type { ScenarioDocument } from './scenarioSchema';

/** The address `npm start` serves the app on. */
export const DEFAULT_APP_URL = 'http://localhost:5173/';
export const SHARE_ENCODING_VERSION = 1;
/** Fragment parameter that carries the scenario; other `&`-separated parameters may follow. */
const PARAMETER = 's';
/** Unpacked JSON is capped like a file; 4 UTF-8 bytes per character is the worst case. */
const INFLATED_BYTES_MAX = SCENARIO_TEXT_CHARS_MAX;
/** Base64 of a payload that could still unpack to at most INFLATED_BYTES_MAX, with room to spare. */
const ENCODED_CHARS_MAX = Math.ceil((INFLATED_BYTES_MAX * 4) / 3) + 16;
const SOURCE = 'share link';

/** The fragment for a document, `#s=1.…`. Pure and deterministic. */
export function shareFragment(document: ScenarioDocument): string {
  const compressed = deflateSync(strToU8(JSON.stringify(document)), { level: 9 });
  return `#${PARAMETER}=${SHARE_ENCODING_VERSION}.${encodeBase64Url(compressed)}`;
}

/** A link that opens `document` in the app at `baseUrl` (any fragment of it replaced). Pure. */
export function buildShareLink(document: ScenarioDocument, baseUrl: string = DEFAULT_APP_URL): string {
  const hashAt = baseUrl.indexOf('#');
  return `${hashAt === -1 ? baseUrl : baseUrl.slice(0, hashAt)}${shareFragment(document)}`;
}

/**
 * Reads the scenario of a share link given as a full URL, `#s=…` or `s=…`. Pure; never throws,
 * whatever the input: bad base64, cut-off or damaged data, decompression bombs, wrong JSON and
 * invalid scenarios all come back as errors.
 */
export function decodeShareFragment(hashOrUrl: string, source: string = SOURCE): LoadResult {
  const input = hashOrUrl.trim();
  const hashAt = input.indexOf('#');
  const fragment = hashAt === -1 ? input : input.slice(hashAt + 1);
  const parameter = fragment.split('&').find((part) => part.startsWith(`${PARAMETER}=`));
  if (parameter === undefined) {
    return refused(source, 'the link holds no scenario (it has no "#s=" part)', detail('linkNoScenario'));
  }
  const value = parameter.slice(PARAMETER.length + 1);
  const versioned = /^(\d{1,6})\.(.*)$/s.exec(value);
  if (versioned === null)
    return refused(
      source,
      'the link is damaged: its scenario does not start with an encoding number ("1.")',
      detail('linkNoEncoding'),
    );
  const version = Number(versioned[1]);
  if (version !== SHARE_ENCODING_VERSION) {
    const newer = version > SHARE_ENCODING_VERSION ? 'was made by a newer Leaseline' : 'uses an unknown encoding';
    return refused(
      source,
      `the link ${newer} (link encoding ${version}); this one reads encoding ${SHARE_ENCODING_VERSION}`,
      detail(version > SHARE_ENCODING_VERSION ? 'linkNewer' : 'linkUnknownEncoding', {
        version,
        current: SHARE_ENCODING_VERSION,
      }),
    );
  }
  const data = versioned[2] ?? '';
  if (data.length > ENCODED_CHARS_MAX)
    return refused(
      source,
      `the link is ${data.length} characters long, too long for a scenario`,
      detail('linkTooLong', { chars: data.length }),
    );
  const compressed = decodeBase64Url(data);
  if (!compressed.ok) {
    return refused(source, `the link is damaged: ${compressed.message}`, because('linkDamaged', compressed.detail));
  }
  const inflated = inflateBounded(compressed.value, INFLATED_BYTES_MAX);
  if (!inflated.ok) {
    return refused(
      source,
      `the link cannot be opened: ${inflated.message}`,
      because('linkCannotOpen', inflated.detail),
    );
  }
  const text = decodeUtf8(inflated.value);
  if (text === null) {
    return refused(source, 'the link cannot be opened: its data is not UTF-8 text', detail('linkNotUtf8'));
  }
  return loadScenarioText(text, source);
}

function decodeUtf8(bytes: Uint8Array): string | null {
  try {
    return new TextDecoder('utf-8', { fatal: true, ignoreBOM: true }).decode(bytes);
  } catch {
    return null;
  }
}

/** A link problem with a reason found deeper down; without the reason's detail, none (English only). */
function because(code: 'linkDamaged' | 'linkCannotOpen', reason: ErrorDetail | undefined): ErrorDetail | undefined {
  return reason === undefined ? undefined : detail(code, { reason });
}
