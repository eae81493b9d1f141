/**
 * A tool result (an untrusted `CallToolResult`) read into blocks the UI can show safely: text as
 * text, images only as `data:` URIs of raster types (never a URL the app would fetch, never SVG,
 * which can carry script), links as plain text that is never clickable
 * (docs/security.md#untrusted-text).
 */
import { isJsonObject } from '../../shared/json-guards';

/** One piece of a result's `content`, ready to render. */
export type ResultBlock =
  | { kind: 'text'; text: string }
  | { kind: 'image'; src: string; mimeType: string }
  | { kind: 'resource-link'; uri: string; name?: string; description?: string }
  | { kind: 'resource'; uri: string; text?: string; mimeType?: string }
  | { kind: 'unsupported'; type: string; reason: string };

/** A result as the detail view shows it. */
export interface ResultView {
  blocks: ResultBlock[];
  /** True when the tool marked the result as an error (the task itself still completed). */
  isError: boolean;
  hasStructuredContent: boolean;
  structuredContent: unknown;
}

/** Raster types a browser decodes without running anything. */
const IMAGE_TYPES = new Set(['image/png', 'image/jpeg', 'image/gif', 'image/webp', 'image/avif', 'image/bmp']);
const BASE64 = /^[A-Za-z0-9+/]+={0,2}$/;

const optionalText = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined);

/**
 * A `data:` URI for base64 image data of an allowed raster type, or undefined. Servers send bare
 * base64 with a `mimeType`; some send a whole `data:` URI in `data`, which is accepted only when
 * it says the same allowed type.
 */
export function imageDataUri(data: unknown, mimeType: unknown): string | undefined {
  if (typeof data !== 'string' || typeof mimeType !== 'string') return undefined;
  const type = mimeType.trim().toLowerCase();
  if (!IMAGE_TYPES.has(type)) return undefined;
  const prefix = `data:${type};base64,`;
  const payload = (data.toLowerCase().startsWith(prefix) ? data.slice(prefix.length) : data).replace(/\s+/g, '');
  if (payload.length === 0 || payload.length % 4 !== 0 || !BASE64.test(payload)) return undefined;
  return `${prefix}${payload}`;
}

function readBlock(item: unknown): ResultBlock {
  if (!isJsonObject(item)) return { kind: 'unsupported', type: typeof item, reason: 'Not a content object.' };
  const type = typeof item.type === 'string' ? item.type : 'unknown';
  switch (type) {
    case 'text':
      return typeof item.text === 'string' ? { kind: 'text', text: item.text } : { kind: 'unsupported', type, reason: 'Text content without text.' };
    case 'image': {
      const src = imageDataUri(item.data, item.mimeType);
      return src !== undefined
        ? { kind: 'image', src, mimeType: String(item.mimeType).trim().toLowerCase() }
        : { kind: 'unsupported', type, reason: `Image not shown: only base64 PNG, JPEG, GIF, WebP, AVIF or BMP data is displayed (got ${JSON.stringify(optionalText(item.mimeType) ?? 'no type')}).` };
    }
    case 'resource_link': {
      const name = optionalText(item.name);
      const description = optionalText(item.description);
      return { kind: 'resource-link', uri: optionalText(item.uri) ?? '', ...(name !== undefined ? { name } : {}), ...(description !== undefined ? { description } : {}) };
    }
    case 'resource': {
      const resource = isJsonObject(item.resource) ? item.resource : {};
      const text = optionalText(resource.text);
      const mimeType = optionalText(resource.mimeType);
      return { kind: 'resource', uri: optionalText(resource.uri) ?? '', ...(text !== undefined ? { text } : {}), ...(mimeType !== undefined ? { mimeType } : {}) };
    }
    case 'audio':
      return { kind: 'unsupported', type, reason: 'Audio is not played here; see the raw result.' };
    default:
      return { kind: 'unsupported', type, reason: 'Unknown content type; see the raw result.' };
  }
}

/** Reads a `CallToolResult`; anything malformed becomes an `unsupported` block, never an exception. */
export function readToolResult(result: Record<string, unknown>): ResultView {
  const content: unknown[] = Array.isArray(result.content) ? result.content : [];
  return {
    blocks: content.map(readBlock),
    isError: result.isError === true,
    hasStructuredContent: result.structuredContent !== undefined,
    structuredContent: result.structuredContent,
  };
}
