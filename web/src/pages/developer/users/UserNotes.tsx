// The notes kept on an app user: add, edit and delete (spec 001 sections 2 and 5).
import { useState } from 'react';
import { toast } from 'sonner';
import { createAppUserNote, deleteAppUserNote, updateAppUserNote } from '../../../../../generated/client/sdk.gen';
import type { AppUserNote, NoteInput } from '../../../../../generated/client/types.gen';
import { ConfirmPopup } from '../../../components/ConfirmPopup';
import { ResourceFormPopup } from '../../../components/resource/ResourceFormPopup';
import { useResourceMutation } from '../../../components/resource/use-resource';
import { appUsers, USER_TEXTS } from './resources';

const refreshes = [appUsers.get?.operationId ?? 'getAppUser'];
const createNote = { operationId: 'createAppUserNote', call: createAppUserNote };
const updateNote = { operationId: 'updateAppUserNote', call: updateAppUserNote };
const deleteNote = { operationId: 'deleteAppUserNote', call: deleteAppUserNote };

type Editing = { note?: AppUserNote };

export function UserNotes({ path, notes }: { path: { appId: string; userId: string }; notes: ReadonlyArray<AppUserNote> }) {
  const [editing, setEditing] = useState<Editing | null>(null);
  const [deleting, setDeleting] = useState<AppUserNote | null>(null);
  const create = useResourceMutation({ operation: createNote, refreshes });
  const update = useResourceMutation({ operation: updateNote, refreshes });
  const remove = useResourceMutation({ operation: deleteNote, refreshes });

  const save = (body: NoteInput) =>
    editing?.note ? update.mutateAsync({ path: { ...path, noteId: editing.note.id }, body }) : create.mutateAsync({ path, body });

  return (
    <section className="dp-card resource-list" aria-label="Notes">
      <header className="resource-list__head">
        <h2>Notes</h2>
        <button type="button" className="btn btn-primary btn-sm" onClick={() => setEditing({})}>
          Add note
        </button>
      </header>
      {notes.length === 0 ? (
        <p className="dp-empty">No notes yet.</p>
      ) : (
        <ul className="user-notes">
          {notes.map((note) => (
            <li key={note.id} className="user-notes__item" data-note={note.title}>
              <div>
                <strong>{note.title}</strong>
                {note.description && <p>{note.description}</p>}
              </div>
              <div className="dp-row">
                <button type="button" className="btn btn-ghost btn-sm" onClick={() => setEditing({ note })}>
                  Edit
                </button>
                <button type="button" className="btn btn-ghost btn-sm resource-action--danger" onClick={() => setDeleting(note)}>
                  Delete
                </button>
              </div>
            </li>
          ))}
        </ul>
      )}
      {editing && (
        <ResourceFormPopup<NoteInput>
          open
          title={editing.note ? 'Edit note' : 'Add note'}
          schemaName="NoteInput"
          formData={editing.note ? { title: editing.note.title, description: editing.note.description } : {}}
          customValidate={(data, errors) => {
            if (!data?.title?.trim()) errors.title?.addError(USER_TEXTS.missingNoteTitle);
            return errors;
          }}
          toasts={{ success: ({ message }) => message, error: USER_TEXTS.failure }}
          onSubmit={save}
          onClose={() => setEditing(null)}
        />
      )}
      <ConfirmPopup
        open={deleting !== null}
        title="Delete note"
        text={`Delete the note "${deleting?.title ?? ''}"?`}
        confirmText="Delete"
        danger
        onCancel={() => setDeleting(null)}
        onConfirm={async () => {
          if (!deleting) return;
          const result = await remove.mutateAsync({ path: { ...path, noteId: deleting.id } });
          toast.success(result.message);
          setDeleting(null);
        }}
      />
    </section>
  );
}
