/**
 * A form field's `pattern`, run with RE2 semantics (the `re2js` engine): matching takes time
 * linear in the input whatever the server wrote, so a hostile pattern such as `^(a+)+$` cannot
 * hang the window or the host. A backtracking `RegExp` is never used for a server's pattern, not
 * even as a fallback (docs/elicitation-forms.md, "Patterns").
 *
 * JSON Schema patterns are ECMA-262 regular expressions; RE2 reads most of them alike. The
 * differences a user can meet: lookaround and back-references are not supported (such a pattern
 * does not compile: the form then ignores it and says so), and `\s` is ASCII-only.
 */
import { RE2JS } from 're2js';

/** Size limits of a pattern: beyond them it is refused as absurd, not merely ignored. */
export const PATTERN_LIMITS = {
  /** Characters of the pattern text. */
  length: 1_000,
  /**
   * RE2's compiled program size (its own rough measure of cost). The largest pattern zod 4
   * emits (`z.ipv6()`) is about 700; matching grows with this, so it is kept bounded.
   */
  programSize: 2_000,
} as const;

/** Why a pattern cannot be enforced: RE2 cannot read it, or it is beyond `PATTERN_LIMITS`. */
export type PatternProblem = 'unsupported' | 'too-long' | 'too-complex';

/** The outcome of `checkPattern`. */
export type PatternCheck = { ok: true } | { ok: false; problem: PatternProblem };

/** Compiled patterns by source text; bounded, as sources come from servers. */
const compiled = new Map<string, RE2JS | undefined>();
const CACHE_SIZE = 64;

/**
 * Whether `source` can be enforced: short enough, compilable by RE2 and of bounded program size.
 * Never throws.
 */
export function checkPattern(source: string): PatternCheck {
  if (source.length > PATTERN_LIMITS.length) return { ok: false, problem: 'too-long' };
  const pattern = compile(source);
  if (pattern === undefined) return { ok: false, problem: 'unsupported' };
  return pattern.programSize() > PATTERN_LIMITS.programSize ? { ok: false, problem: 'too-complex' } : { ok: true };
}

/**
 * True when `value` contains a match of `source` (JSON Schema patterns are not anchored: a
 * pattern anchors itself with `^`/`$`). A pattern that fails `checkPattern` matches nothing, so
 * an unenforceable rule can never pass a value by accident; schema-check drops such patterns
 * before a field carries one.
 */
export function matchesPattern(source: string, value: string): boolean {
  if (!checkPattern(source).ok) return false;
  return compile(source)?.test(value) === true;
}

function compile(source: string): RE2JS | undefined {
  if (compiled.has(source)) return compiled.get(source);
  let pattern: RE2JS | undefined;
  try {
    pattern = RE2JS.compile(toRe2Syntax(source));
  } catch {
    pattern = undefined;
  }
  if (compiled.size >= CACHE_SIZE) compiled.delete(compiled.keys().next().value as string);
  compiled.set(source, pattern);
  return pattern;
}

const HEX4 = /^[0-9A-Fa-f]{4}$/u;
const HEX_BRACED = /^\{[0-9A-Fa-f]{1,6}\}/u;

/**
 * Rewrites the one ECMA-262 escape RE2 spells differently and with the same meaning: `\uXXXX`
 * and `\u{X…}` become `\x{…}`. Everything else is left to RE2, which refuses what it does not
 * know instead of reading it loosely (`re2js`'s own `translateRegExp` turns an unknown escape
 * like the back-reference `\k<name>` into literal text, which would change the pattern's meaning).
 */
function toRe2Syntax(source: string): string {
  let out = '';
  for (let i = 0; i < source.length; i++) {
    const char = source[i];
    if (char !== '\\' || i + 1 >= source.length) {
      out += char;
      continue;
    }
    const next = source[i + 1];
    const rest = source.slice(i + 2, i + 10);
    const braced = next === 'u' ? HEX_BRACED.exec(rest) : null;
    if (next === 'u' && HEX4.test(rest.slice(0, 4))) {
      out += `\\x{${rest.slice(0, 4)}}`;
      i += 5;
    } else if (braced !== null) {
      out += `\\x${braced[0]}`;
      i += 1 + braced[0].length;
    } else {
      // Any other escape (an escaped backslash included) passes through whole.
      out += `\\${next}`;
      i += 1;
    }
  }
  return out;
}
