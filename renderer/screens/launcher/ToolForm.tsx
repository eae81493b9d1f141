/** The arguments form for one tool: fields for a flat schema, a JSON editor for anything deeper. */
import type { ToolView } from '../../../shared/ipc/contract';
import { FieldsForm } from './FieldsForm';
import { JsonArgumentsForm } from './JsonArgumentsForm';
import { useArgumentDraft } from './use-argument-draft';

export interface ToolFormProps {
  serverId: string;
  tool: ToolView;
  isRunning: boolean;
  onRun: (args: Record<string, unknown>) => void;
}

/** Picks the form for the tool's input schema (JSON also when earlier arguments do not fit the form). */
export function ToolForm({ serverId, tool, isRunning, onRun }: ToolFormProps) {
  const draft = useArgumentDraft(serverId, tool);
  return draft.editor.kind === 'fields' ? (
    <FieldsForm fields={draft.editor.fields} values={draft.values} onChange={draft.setValue} isRunning={isRunning} onRun={onRun} />
  ) : (
    <JsonArgumentsForm
      schema={tool.inputSchema}
      reason={draft.editor.reason}
      text={draft.jsonText}
      onChange={draft.setJsonText}
      isRunning={isRunning}
      onRun={onRun}
    />
  );
}
