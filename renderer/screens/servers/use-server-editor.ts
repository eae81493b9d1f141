/** The add/edit form's logic: the draft in the store, its check, and saving. */
import { useState } from 'react';
import { draftToServerInput, type DraftField, type ServerDraft } from '../../lib/server-draft';
import { useSaveServer } from '../../queries/mutations';
import { useAppStore } from '../../store/store-context';
import { selectCloseServerEditor, selectOpenServer, selectUpdateServerDraft } from '../../store/selectors';

/** Field errors (after a save attempt), setters, save (which then shows the saved server's detail) and close. */
export function useServerEditor(draft: ServerDraft) {
  const update = useAppStore(selectUpdateServerDraft);
  const close = useAppStore(selectCloseServerEditor);
  const openServer = useAppStore(selectOpenServer);
  const save = useSaveServer();
  const [errors, setErrors] = useState<Partial<Record<DraftField, string>>>({});

  return {
    errors,
    save,
    close,
    update,
    submit: () => {
      const check = draftToServerInput(draft);
      if (!check.ok) {
        setErrors(check.errors);
        return;
      }
      setErrors({});
      save.mutate(check.server, {
        onSuccess: (saved) => {
          close();
          // An added server is last in the list: show it, not whichever was shown before.
          openServer(saved.id);
        },
      });
    },
  };
}
