/** The launcher's state: chosen server and tool (kept in the store), their data, and the call. */
import { useOpenCallEntry } from '../../hooks/use-open-call-entry';
import { useCallTool } from '../../queries/mutations';
import { useServerList } from '../../live/live-context';
import { useToolList } from '../../queries/use-engine-data';
import { useAppStore } from '../../store/store-context';
import { selectChooseServer, selectChooseTool, selectLauncherServerId, selectLauncherToolName } from '../../store/selectors';

/** Servers, tools, the chosen pair, and `run` (which opens the call's entry in the inbox). */
export function useLauncher() {
  const servers = useServerList();
  const serverId = useAppStore(selectLauncherServerId);
  const toolName = useAppStore(selectLauncherToolName);
  const chooseServer = useAppStore(selectChooseServer);
  const chooseTool = useAppStore(selectChooseTool);
  const entry = useOpenCallEntry();
  const call = useCallTool();
  const tools = useToolList(serverId);
  const tool = tools.data?.find((candidate) => candidate.name === toolName);

  return {
    servers,
    serverId,
    tools,
    tool,
    call,
    /** True from the click until the call's entry is open. */
    isStarting: entry.isAwaiting,
    chooseServer: (id: string) => {
      call.reset();
      chooseServer(id);
    },
    chooseTool: (name: string) => {
      call.reset();
      chooseTool(name);
    },
    run: (args: Record<string, unknown>) => {
      if (tool === undefined) return;
      entry.expect(serverId, tool.name);
      call.mutate({ serverId, name: tool.name, arguments: args }, { onSuccess: entry.opened, onError: entry.forget });
    },
  };
}

