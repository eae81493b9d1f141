/**
 * Makes invisible characters visible in untrusted names and ids (docs/security.md#untrusted-text):
 * a bidi override can make `evil\u202Egnp.exe` read as `evilexe.png`, and a zero-width space can
 * make two different server names look identical. Each such character becomes a visible marker
 * naming its code point, so what the user reads is what the string contains.
 */

/** One piece of a string: plain text, or one hidden character shown as a marker. */
export type TextSegment =
  | { kind: 'text'; text: string }
  | { kind: 'hidden'; codePoint: number; marker: string; name: string };

/** Inclusive code point ranges that render as nothing (or reorder text) and so hide content. */
const HIDDEN_RANGES: readonly (readonly [number, number, string])[] = [
  [0x0000, 0x001f, 'control character'],
  [0x007f, 0x009f, 'control character'],
  [0x00ad, 0x00ad, 'soft hyphen'],
  [0x034f, 0x034f, 'combining grapheme joiner'],
  [0x061c, 0x061c, 'arabic letter mark'],
  [0x115f, 0x1160, 'hangul filler'],
  [0x180e, 0x180e, 'mongolian vowel separator'],
  [0x200b, 0x200b, 'zero width space'],
  [0x200c, 0x200c, 'zero width non-joiner'],
  [0x200d, 0x200d, 'zero width joiner'],
  [0x200e, 0x200e, 'left-to-right mark'],
  [0x200f, 0x200f, 'right-to-left mark'],
  [0x2028, 0x2029, 'line or paragraph separator'],
  [0x202a, 0x202a, 'left-to-right embedding'],
  [0x202b, 0x202b, 'right-to-left embedding'],
  [0x202c, 0x202c, 'pop directional formatting'],
  [0x202d, 0x202d, 'left-to-right override'],
  [0x202e, 0x202e, 'right-to-left override'],
  [0x2060, 0x2064, 'invisible formatting character'],
  [0x2066, 0x2066, 'left-to-right isolate'],
  [0x2067, 0x2067, 'right-to-left isolate'],
  [0x2068, 0x2068, 'first strong isolate'],
  [0x2069, 0x2069, 'pop directional isolate'],
  [0x206a, 0x206f, 'deprecated formatting character'],
  [0x3164, 0x3164, 'hangul filler'],
  [0xfeff, 0xfeff, 'zero width no-break space'],
  [0xffa0, 0xffa0, 'halfwidth hangul filler'],
  // Unicode tag characters carry invisible ASCII ("ASCII smuggling").
  [0xe0000, 0xe007f, 'tag character'],
];

const TAB = 0x09;
const NEWLINE = 0x0a;

/** The name of a hidden code point, or undefined when it displays normally. */
function hiddenName(codePoint: number, keepLineBreaks: boolean): string | undefined {
  if (keepLineBreaks && (codePoint === NEWLINE || codePoint === TAB)) return undefined;
  for (const [from, to, name] of HIDDEN_RANGES) {
    if (codePoint >= from && codePoint <= to) return name;
  }
  return undefined;
}

const codePointPattern = (codePoint: number): string => `\\u{${codePoint.toString(16)}}`;

/** One character class of HIDDEN_RANGES, for the test that lets most strings skip the scan. */
const HIDDEN_CLASS = `[${HIDDEN_RANGES.map(([from, to]) => `${codePointPattern(from)}-${codePointPattern(to)}`).join('')}]`;
const ANY_HIDDEN = new RegExp(HIDDEN_CLASS, 'u');
const ANY_HIDDEN_BUT_LINE_BREAKS = new RegExp(`(?![\\t\\n])${HIDDEN_CLASS}`, 'u');

/** `[U+202E]`: how a hidden code point is written out. */
export function hiddenMarker(codePoint: number): string {
  return `[U+${codePoint.toString(16).toUpperCase().padStart(4, '0')}]`;
}

/**
 * Splits `text` into visible runs and hidden characters.
 * @param keepLineBreaks keep newlines and tabs as they are (multi-line messages); names and ids pass false.
 */
export function revealHiddenCharacters(text: string, keepLineBreaks = false): TextSegment[] {
  // Nearly every string has no hidden character: one native scan instead of a loop per code point.
  if (!(keepLineBreaks ? ANY_HIDDEN_BUT_LINE_BREAKS : ANY_HIDDEN).test(text)) return text === '' ? [] : [{ kind: 'text', text }];
  const segments: TextSegment[] = [];
  let run = '';
  for (const character of text) {
    const codePoint = character.codePointAt(0) ?? 0;
    const name = hiddenName(codePoint, keepLineBreaks);
    if (name === undefined) {
      run += character;
      continue;
    }
    if (run !== '') segments.push({ kind: 'text', text: run });
    run = '';
    segments.push({ kind: 'hidden', codePoint, marker: hiddenMarker(codePoint), name });
  }
  if (run !== '') segments.push({ kind: 'text', text: run });
  return segments;
}

/** `text` with every hidden character written as its marker: for places that take only a string (`<option>`, `title`). */
export function toVisibleString(text: string, keepLineBreaks = false): string {
  return revealHiddenCharacters(text, keepLineBreaks)
    .map((segment) => (segment.kind === 'text' ? segment.text : segment.marker))
    .join('');
}
