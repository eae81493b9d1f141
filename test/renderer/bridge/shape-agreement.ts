/**
 * Probing a hand check against the zod schema it stands in for: every field path of a full
 * sample removed, and replaced by values of every JSON kind and the edge cases the contract's
 * limits care about; both must give the same verdict each time.
 */
import type { z } from 'zod';

/** Values of every JSON type and the edge cases zod cares about: each is valid for some fields and wrong for others. */
export const PROBES: unknown[] = [
  undefined, null, '', 'bogus', 'x'.repeat(33), 'x'.repeat(201), 'x'.repeat(301), 'x'.repeat(1_001), 'x'.repeat(2_001),
  'file:///tmp/work', 'file://host/share', 'file:///tmp/a b', 'https://a.example/',
  0, -1, 1, 2, 1.5, 2 ** 60, Number.NaN, Number.POSITIVE_INFINITY, true, false,
  {}, [], ['x'], Array.from({ length: 9 }, () => 'x'), [{}], { code: 1, message: 'm' },
];

/** The sorted member names of a sample object, to compare with `schemaKeys`: a sample that lacks one probes less than it claims. */
export function keysOf(value: unknown): string[] {
  return Object.keys(value as Record<string, unknown>).sort();
}

/** The sorted member names a `z.object` schema declares. */
export function schemaKeys(schema: { shape: Record<string, unknown> }): string[] {
  return Object.keys(schema.shape).sort();
}

/** A member path of a sample, and whether it names an array item (which JSON cannot leave out). */
export interface MemberPath {
  path: string[];
  isItem: boolean;
}

/** Every member path of `value`, nested objects' and arrays' members included. */
export function pathsOf(value: unknown, prefix: string[] = []): MemberPath[] {
  if (typeof value !== 'object' || value === null) return [];
  const isArray = Array.isArray(value);
  return Object.entries(value).flatMap(([key, member]) => {
    const path = [...prefix, key];
    return [{ path, isItem: isArray }, ...pathsOf(member, path)];
  });
}

/** A deep copy of `sample` with the member at `path` replaced, or removed. */
export function changed(sample: unknown, path: readonly string[], change: { to: unknown } | 'remove'): unknown {
  const copy = structuredClone(sample) as Record<string, unknown>;
  let parent = copy;
  for (const key of path.slice(0, -1)) parent = parent[key] as Record<string, unknown>;
  const last = path[path.length - 1]!;
  if (change === 'remove') delete parent[last];
  else parent[last] = change.to;
  return copy;
}

/** The verdicts of the schema and the hand check on `value`. */
export function verdicts(schema: z.ZodType, check: (value: unknown) => boolean, value: unknown): { zod: boolean; hand: boolean } {
  return { zod: schema.safeParse(value).success, hand: check(value) };
}

/**
 * The values derived from `sample` on which the hand check and the schema disagree: each member
 * removed (not array items), each replaced by every probe, and an extra member in each object.
 */
export function disagreements(schema: z.ZodType, check: (value: unknown) => boolean, sample: unknown): string[] {
  const found: string[] = [];
  const probe = (label: string, value: unknown) => {
    const verdict = verdicts(schema, check, value);
    if (verdict.zod !== verdict.hand) found.push(`${label}: zod ${verdict.zod}, hand ${verdict.hand}`);
  };
  probe('the sample', sample);
  for (const { path, isItem } of pathsOf(sample)) {
    const name = path.join('.');
    if (!isItem) probe(`without ${name}`, changed(sample, path, 'remove'));
    PROBES.forEach((value, index) => probe(`${name} = probe ${index}`, changed(sample, path, { to: value })));
  }
  for (const { path } of [{ path: [] as string[] }, ...pathsOf(sample)]) {
    const copy = structuredClone(sample) as Record<string, unknown>;
    let target: unknown = copy;
    for (const key of path) target = (target as Record<string, unknown>)[key];
    if (typeof target !== 'object' || target === null || Array.isArray(target)) continue;
    (target as Record<string, unknown>).unexpected = { anything: true };
    probe(`an extra member in ${path.join('.') || 'the top'}`, copy);
  }
  return found;
}
