/** The arguments typed for one tool, kept in the store so leaving the launcher loses nothing. */
import { useMemo } from 'react';
import type { ToolView } from '../../../shared/ipc/contract';
import { buildArgumentForm, fieldValuesFromArguments, initialFieldValues, initialJsonArguments, type FieldValues, type ArgumentForm } from '../../lib/schema-form';
import { argumentDraftKey, type ArgumentDraft } from '../../store/app-store';
import { useAppStore } from '../../store/store-context';
import { selectSaveArgumentDraft } from '../../store/selectors';

/** Why earlier arguments are shown as JSON although the tool has a form. */
const UNFIT_ARGUMENTS_REASON = "the earlier call's arguments do not fit this tool's form.";

/**
 * The tool's form model, which editor shows it (`fields`, or `json` with the reason), its
 * current values or JSON text, and setters.
 */
export function useArgumentDraft(serverId: string, tool: ToolView) {
  const key = argumentDraftKey(serverId, tool.name);
  const model = useMemo(() => buildArgumentForm(tool.inputSchema), [tool.inputSchema]);
  const stored = useAppStore((state) => state.argumentDrafts[key]);
  const draft = useMemo(() => fitDraft(model, stored), [model, stored]);
  const save = useAppStore(selectSaveArgumentDraft);
  const values: FieldValues = draft?.kind === 'fields' ? draft.values : model.kind === 'fields' ? initialFieldValues(model.fields) : {};
  const jsonText = draft?.kind === 'json' ? draft.text : initialJsonArguments(tool.inputSchema);
  const editor: ArgumentForm =
    model.kind === 'json' ? model : draft?.kind === 'json' ? { kind: 'json', reason: UNFIT_ARGUMENTS_REASON } : model;
  return {
    editor,
    values,
    jsonText,
    setValue: (name: string, value: string) => save(key, { kind: 'fields', values: { ...values, [name]: value } }),
    setJsonText: (text: string) => save(key, { kind: 'json', text }),
  };
}

/** Earlier arguments as field values when the form shows them exactly, else as JSON text. */
function fitDraft(model: ArgumentForm, draft: ArgumentDraft | undefined): Exclude<ArgumentDraft, { kind: 'arguments' }> | undefined {
  if (draft?.kind !== 'arguments') return draft;
  const values = model.kind === 'fields' ? fieldValuesFromArguments(model.fields, draft.values) : undefined;
  return values === undefined ? { kind: 'json', text: JSON.stringify(draft.values, null, 2) } : { kind: 'fields', values };
}
