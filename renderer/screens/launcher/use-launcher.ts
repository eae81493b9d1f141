/** The launcher's state: chosen server and tool (kept in the store), their data, and the call. */
import { useCallTool } from '../../queries/mutations';
import { useServerList, useToolList } from '../../queries/use-engine-data';
import { useAppStore } from '../../store/store-context';
import { selectChooseServer, selectChooseTool, selectLauncherServerId, selectLauncherToolName, selectOpenTask } from '../../store/selectors';

/** Servers, tools, the chosen pair, and `run`. */
export function useLauncher() {
  const servers = useServerList();
  const serverId = useAppStore(selectLauncherServerId);
  const toolName = useAppStore(selectLauncherToolName);
  const chooseServer = useAppStore(selectChooseServer);
  const chooseTool = useAppStore(selectChooseTool);
  const openTask = useAppStore(selectOpenTask);
  const tools = useToolList(serverId);
  const call = useCallTool();
  const tool = tools.data?.find((candidate) => candidate.name === toolName);

  return {
    servers,
    serverId,
    tools,
    tool,
    call,
    /** What the last call answered at once (a task opens its detail instead). */
    immediateResult: call.data?.kind === 'result' ? call.data.result : null,
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
      call.mutate(
        { serverId, name: tool.name, arguments: args },
        {
          onSuccess: (outcome) => {
            if (outcome.kind !== 'result') openTask(outcome.task.id);
          },
        },
      );
    },
  };
}
