/**
 * A progress figure read from a task's status message, for tasks whose wire form carries no
 * numeric progress (the 2026-07-28 tasks extension has none; servers write "Step 2/5: Compiling").
 * Only three forms count: "5/8" (as in "Step 5/8"), "5 of 8" and "42 %" / "42%". Anything that
 * does not read as a fraction of at most one is left alone, so version numbers ("HTTP/1.1"),
 * dates ("2026/07/28", "28/07/2026"), prose ("version 2 of the API"), percentages over 100 and
 * huge numbers never draw a bar.
 */

/** A fraction found in a status message. */
export interface DerivedProgress {
  /** Done so far (0 ≤ progress ≤ total). */
  progress: number;
  /** The whole (> 0); 100 for a percentage. */
  total: number;
}

/** How much of a message is read: status messages are capped upstream, this bounds the scan anyway. */
const MAX_SCANNED = 500;
/** Whole numbers of one to six digits: more digits than that are ids or timestamps, not steps. */
const COUNT = String.raw`(\d{1,6})`;
/**
 * "5/8": neither side may touch another digit, dot or slash, so "1.1", "2026/07/28" and
 * "v2/3.0" are not fractions.
 */
const SLASH = new RegExp(String.raw`(?<![\d./])${COUNT}\s*/\s*${COUNT}(?![\d./])`);
/** "5 of 8": numbers on both sides of the word. */
const OF = new RegExp(String.raw`(?<![\d.])${COUNT}\s+of\s+${COUNT}(?![\d.])`, 'i');
/** "42 %", "42%", "42.5%" (not "-5%"). */
const PERCENT = /(?<![\d.\-])(\d{1,3}(?:\.\d{1,2})?)\s?%/;

/** The progress a status message states, or undefined when it states none (see the module comment). */
export function deriveProgress(message: string | undefined): DerivedProgress | undefined {
  if (message === undefined) return undefined;
  const text = message.slice(0, MAX_SCANNED);
  for (const pattern of [SLASH, OF]) {
    const match = pattern.exec(text);
    if (match === null) continue;
    const fraction = asFraction(Number(match[1]), Number(match[2]));
    if (fraction !== undefined) return fraction;
  }
  const percent = PERCENT.exec(text);
  return percent === null ? undefined : asFraction(Number(percent[1]), 100);
}

function asFraction(progress: number, total: number): DerivedProgress | undefined {
  if (!Number.isFinite(progress) || !Number.isFinite(total) || total <= 0 || progress < 0 || progress > total) return undefined;
  return { progress, total };
}
