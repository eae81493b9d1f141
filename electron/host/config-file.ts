/**
 * Servers an operator hands over on a command line (`npm run serve`, the terminal client): a
 * config file they named (any format `parseServerImport` reads) and single server configs. They
 * count as approved — the operator named them — and their ids derive from their names (an
 * explicit `id` is kept), so the same file gives the same ids at every launch and the tasks of its
 * servers are found again.
 */
import { readFile, stat } from 'node:fs/promises';
import { HostError } from './host-error.js';
import { toServerConfig, type OperatorServer } from './server-entry.js';
import { slugFromName, uniqueServerId } from './server-ids.js';
import { parseServerImport, type ParsedImport } from './server-import.js';

/** Largest config file read (the same bound as an import pasted into the UI). */
export const MAX_CONFIG_BYTES = 1_000_000;

/** Reads and parses a config file; throws HostError (`<file>: <why>`) when it cannot be used. */
export async function readServerConfigFile(file: string): Promise<ParsedImport> {
  let text: string;
  try {
    if ((await stat(file)).size > MAX_CONFIG_BYTES) throw new HostError(`${file}: the file is larger than ${MAX_CONFIG_BYTES} bytes.`);
    text = await readFile(file, 'utf8');
  } catch (error) {
    if (error instanceof HostError) throw error;
    throw new HostError(`${file}: ${error instanceof Error ? error.message : String(error)}`);
  }
  try {
    return parseServerImport(text);
  } catch (error) {
    if (error instanceof HostError) throw new HostError(`${file}: ${error.message}`);
    throw error;
  }
}

/**
 * The parsed servers as operator servers with ids unique within `taken` (which is updated): the
 * explicit id, else the name's slug, with `-2`, `-3`… on collisions, in the order given.
 */
export function toOperatorServers(parsed: ParsedImport, origin: OperatorServer['origin'], taken: Set<string>): OperatorServer[] {
  return parsed.servers.map((input) => {
    const id = uniqueServerId(input.id ?? slugFromName(input.name), taken);
    taken.add(id);
    return { config: toServerConfig(input, id), origin };
  });
}
