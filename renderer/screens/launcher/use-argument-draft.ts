/** The arguments typed for one tool, kept in the store so leaving the launcher loses nothing. */
import { useMemo } from 'react';
import type { ToolView } from '../../../shared/ipc/contract';
import { buildFormModel, initialFieldValues, initialJsonArguments, type FieldValues } from '../../lib/schema-form';
import { argumentDraftKey } from '../../store/app-store';
import { useAppStore } from '../../store/store-context';
import { selectSaveArgumentDraft } from '../../store/selectors';

/** The tool's form model, its current values or JSON text, and setters. */
export function useArgumentDraft(serverId: string, tool: ToolView) {
  const key = argumentDraftKey(serverId, tool.name);
  const model = useMemo(() => buildFormModel(tool.inputSchema), [tool.inputSchema]);
  const draft = useAppStore((state) => state.argumentDrafts[key]);
  const save = useAppStore(selectSaveArgumentDraft);
  const values: FieldValues = draft?.kind === 'fields' ? draft.values : model.kind === 'fields' ? initialFieldValues(model.fields) : {};
  const jsonText = draft?.kind === 'json' ? draft.text : initialJsonArguments(tool.inputSchema);
  return {
    model,
    values,
    jsonText,
    setValue: (name: string, value: string) => save(key, { kind: 'fields', values: { ...values, [name]: value } }),
    setJsonText: (text: string) => save(key, { kind: 'json', text }),
  };
}
