/**
 * Ids for servers that arrive without one (a new server, an import, a config file in the Claude
 * Desktop or VS Code format). Tasks are filed under their server's id, so ids are derived from
 * the name, not random: the same config file gives the same ids at every launch, and the tasks
 * of its servers resume.
 */

/** Longest base an id is built from (ServerConfig ids are at most 200 characters). */
const MAX_BASE_LENGTH = 64;

/**
 * `preferred` when it is free, else `preferred-2`, `-3`... A preferred value that came from a
 * name should go through `slugFromName` first; an explicit id from an operator is kept verbatim.
 */
export function uniqueServerId(preferred: string, taken: ReadonlySet<string>): string {
  const base = preferred.slice(0, MAX_BASE_LENGTH);
  if (!taken.has(base)) return base;
  for (let suffix = 2; ; suffix += 1) {
    const candidate = `${base}-${suffix}`;
    if (!taken.has(candidate)) return candidate;
  }
}

/** A readable id base from a server name: `GitHub (work)` → `github-work`; `server` when nothing is left. */
export function slugFromName(name: string): string {
  const slug = name
    .normalize('NFKD')
    // NFKD splits `ü` into `u` and a combining mark; the mark goes, so it does not become a dash.
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, MAX_BASE_LENGTH)
    .replace(/-+$/, '');
  return slug === '' ? 'server' : slug;
}
