import type {
  CreateAppUserNoteData,
  CreateAppUserNoteResponse,
  DeleteAppUserNoteData,
  DeleteAppUserNoteResponse,
  UpdateAppUserNoteData,
  UpdateAppUserNoteResponse,
} from '../../../generated/client/types.gen';
import { handler, requireUserId } from '../../http/handler';
import { createNote, deleteNote, updateNote } from '../../services/app-users/notes';

export const createAppUserNote = handler<CreateAppUserNoteData, CreateAppUserNoteResponse>(async ({ ctx, req, path, body }) => ({
  data: await createNote({ ctx, userId: requireUserId(req), appId: path.appId, appUserId: path.userId, input: body }),
  message: 'Note added',
  status: 201,
}));

export const updateAppUserNote = handler<UpdateAppUserNoteData, UpdateAppUserNoteResponse>(async ({ ctx, req, path, body }) => ({
  data: await updateNote({ ctx, userId: requireUserId(req), appId: path.appId, appUserId: path.userId, noteId: path.noteId, input: body }),
  message: 'Note updated',
}));

export const deleteAppUserNote = handler<DeleteAppUserNoteData, DeleteAppUserNoteResponse>(async ({ ctx, req, path }) => {
  await deleteNote({ ctx, userId: requireUserId(req), appId: path.appId, appUserId: path.userId, noteId: path.noteId });
  return { data: null, message: 'Note deleted' };
});
