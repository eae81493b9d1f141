/** The entry an add or an edit of a server saves (configured-servers.ts `save`). */
import { isDeepStrictEqual } from 'node:util';
import { keptSecrets } from './saved-secrets.js';
import { approvalDigest, toServerConfig, type ResolvedServerInput, type ServerEntry } from './server-entry.js';
import { settingsOf, withSettings } from './server-settings.js';

/**
 * The entry `resolved` saves under `id`, replacing `previous` (absent: a new server; `isMove`: an
 * endpoint change that makes a new server in its place). Saved header values and the server's
 * settings are kept; the approval only while what runs is unchanged, or while the saved
 * variables it ran with cannot be read yet. A disabled server stays disabled.
 */
export function editedEntry(resolved: ResolvedServerInput, previous: ServerEntry | undefined, id: string, isMove: boolean): ServerEntry {
  const base = toServerConfig(resolved, id);
  const kept = keptSecrets(resolved, previous);
  const config = withSettings(base.transport === 'http' && kept?.headers !== undefined ? { ...base, headers: kept.headers } : base, settingsOf(previous?.config));
  const digest = approvalDigest(config);
  const isChanged = previous === undefined || !isDeepStrictEqual(previous.config, config);
  return {
    config,
    // An edited default is the user's: defaults are refreshed at every start and would undo the edit.
    origin: previous === undefined || isMove ? 'user' : previous.origin === 'default' && isChanged ? 'user' : previous.origin,
    // With its sealed variables, the entry still runs what was approved once they can be read again.
    ...(previous?.approvedDigest !== undefined && (previous.approvedDigest === digest || kept?.sealedEnv !== undefined) ? { approvedDigest: previous.approvedDigest } : {}),
    ...(kept?.sealed !== undefined ? { sealedHeaders: kept.sealed } : {}),
    ...(kept?.sealedEnv !== undefined ? { sealedEnv: kept.sealedEnv } : {}),
    ...(previous?.disabled === true ? { disabled: true } : {}),
    // A rename of an entry an endpoint change replaced leaves it what it was.
    ...(previous?.replacedBy !== undefined && !isMove ? { replacedBy: previous.replacedBy } : {}),
  };
}
