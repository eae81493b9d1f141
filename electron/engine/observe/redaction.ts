/**
 * The one rule that keeps configured secrets out of everything the app records of a server (its
 * console, its protocol log, a task's exchange, the exports): every HTTP header value and every
 * stdio environment value of the server's config is a secret, and any text containing one has
 * it replaced by `REDACTED`. Values shorter than `MIN_SECRET_LENGTH` are left alone: they are too
 * short to be secrets (`1`, `true`) and replacing them would garble every line.
 */
import type { ServerConfig } from '../../../shared/server-config.js';

/** What a secret is replaced with. */
export const REDACTED = '[redacted]';
/** Configured values shorter than this are not treated as secrets. */
export const MIN_SECRET_LENGTH = 6;

/** Replaces configured secrets in text; `isEmpty` when there is nothing to replace (a no-op). */
export interface Redactor {
  readonly isEmpty: boolean;
  /** `text` with every secret replaced. */
  text(text: string): string;
  /**
   * `json` (a JSON text) with every secret replaced, also where JSON escaping changed how the
   * secret is spelled inside a string.
   */
  json(json: string): string;
}

/** The redactor for `secrets` (duplicates and values too short to be secrets are ignored). */
export function createRedactor(secrets: Iterable<string>): Redactor {
  const plain = [...new Set([...secrets].filter((value) => value.length >= MIN_SECRET_LENGTH))]
    // Longest first, so a secret that contains another is replaced whole.
    .sort((a, b) => b.length - a.length);
  const escaped = [...new Set(plain.flatMap((value) => [value, JSON.stringify(value).slice(1, -1)]))].sort((a, b) => b.length - a.length);
  const replaceAll = (text: string, values: readonly string[]): string => {
    let out = text;
    for (const value of values) if (out.includes(value)) out = out.split(value).join(REDACTED);
    return out;
  };
  return {
    isEmpty: plain.length === 0,
    text: (text) => replaceAll(text, plain),
    json: (json) => replaceAll(json, escaped),
  };
}

/** The secrets of a server's config: its header values (HTTP) or environment values (stdio). */
export function secretsOf(config: ServerConfig): string[] {
  return Object.values((config.transport === 'http' ? config.headers : config.env) ?? {});
}
