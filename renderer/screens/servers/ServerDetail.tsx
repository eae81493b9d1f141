/**
 * The selected server beside the list: its name and kind, and its tabs — Settings, Tools, Shared
 * folders, Console. The chosen tab is kept when another server is chosen, to compare them. Below
 * the narrow breakpoint the detail is a page of its own, and Back returns to the list.
 */
import { useId, useState } from 'react';
import type { ServerView } from '../../../shared/ipc/contract';
import { VisibleText } from '../../components/VisibleText';
import type { ServerDraft } from '../../lib/server-draft';
import { ServerActivity } from './console/ServerActivity';
import { ServerSettingsPanel } from './ServerSettingsPanel';
import { ServerTabs, type ServerTab } from './ServerTabs';
import { ServerTools } from './ServerTools';
import { SharedFolders } from './SharedFolders';

const ORIGIN_LABELS: Record<ServerView['origin'], string> = {
  default: 'built in',
  user: 'added by you',
  import: 'imported',
  'config-file': 'from the config file',
  'command-line': 'from the command line',
};

type DetailTab = 'settings' | 'tools' | 'roots' | 'console';

export interface ServerDetailProps {
  server: ServerView;
  canEditStdio: boolean;
  /** Header values typed in the edit form last for this session only (browser mode). */
  isSessionOnly: boolean;
  /** The open add/edit form's draft, if any. */
  draft: ServerDraft | null;
  /** Back to the list (the narrow layout's only way there). */
  onBack: () => void;
}

/** The detail pane of one server. */
export function ServerDetail({ server, canEditStdio, isSessionOnly, draft, onBack }: ServerDetailProps) {
  const [tab, setTab] = useState<DetailTab>('settings');
  const titleId = useId();
  const tabs: readonly ServerTab<DetailTab>[] = [
    { key: 'settings', label: 'Settings', render: () => <ServerSettingsPanel server={server} canEditStdio={canEditStdio} isSessionOnly={isSessionOnly} draft={draft} /> },
    { key: 'tools', label: 'Tools', render: () => <ServerTools server={server} /> },
    { key: 'roots', label: 'Shared folders', render: () => <SharedFolders server={server} /> },
    { key: 'console', label: 'Console', render: () => <ServerActivity server={server} /> },
  ];
  return (
    <article className="server-detail" aria-labelledby={titleId} data-testid="server-detail" data-server-id={server.id}>
      <header className="server-detail__header">
        <button type="button" className="button server-detail__back" onClick={onBack} data-testid="server-detail-back">
          Back to servers
        </button>
        <h2 id={titleId} className="server-detail__name" tabIndex={-1}>
          <VisibleText text={server.name} />
        </h2>
        <span className="tag">{server.transport === 'stdio' ? 'Command (stdio)' : 'HTTP'}</span>
        <span className="tag">{ORIGIN_LABELS[server.origin]}</span>
      </header>
      <ServerTabs label={`${server.name}: sections`} tabs={tabs} selected={tab} onSelect={setTab} />
    </article>
  );
}
