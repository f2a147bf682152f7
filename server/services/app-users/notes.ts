// Notes the developer keeps on an app user, stored in the user's `notes` list.
import { randomUUID } from 'node:crypto';
import { NotFoundError, ValidationError } from '../../http/errors';
import type { AppUserNote, NoteInput } from '../../../generated/client/types.gen';
import { findOwnedApp } from '../developer/owned-app';
import { appUsers } from '../developer/model';
import { findAppUser, NOTE_NOT_FOUND } from './model';
import type { Owned } from './users';

export const MISSING_NOTE_TITLE = 'Missing note title';

interface NoteTarget extends Owned {
  appUserId: string;
}

function noteOf(input: NoteInput, id: string): AppUserNote {
  const title = input.title?.trim() ?? '';
  if (title === '') throw new ValidationError(MISSING_NOTE_TITLE, { title: MISSING_NOTE_TITLE });
  const description = input.description?.trim();
  return description ? { id, title, description } : { id, title };
}

async function ownedUser({ ctx, userId, appId, appUserId }: NoteTarget) {
  await findOwnedApp({ ctx, userId, appId });
  return findAppUser({ ctx, appId, userId: appUserId });
}

export async function createNote({ input, ...target }: NoteTarget & { input: NoteInput }): Promise<AppUserNote> {
  const note = noteOf(input, randomUUID());
  await ownedUser(target);
  await appUsers(target.ctx).updateOne({ _id: target.appUserId, appId: target.appId }, { $push: { notes: note } });
  return note;
}

/** Rewrites the list with the one note replaced; the user document is the unit of change. */
export async function updateNote({ input, noteId, ...target }: NoteTarget & { noteId: string; input: NoteInput }): Promise<AppUserNote> {
  const note = noteOf(input, noteId);
  const user = await ownedUser(target);
  const notes = user.notes ?? [];
  if (!notes.some((n) => n.id === noteId)) throw new NotFoundError(NOTE_NOT_FOUND);
  await appUsers(target.ctx).updateOne(
    { _id: target.appUserId, appId: target.appId },
    { $set: { notes: notes.map((n) => (n.id === noteId ? note : n)) } },
  );
  return note;
}

export async function deleteNote({ noteId, ...target }: NoteTarget & { noteId: string }): Promise<void> {
  const user = await ownedUser(target);
  if (!(user.notes ?? []).some((n) => n.id === noteId)) throw new NotFoundError(NOTE_NOT_FOUND);
  await appUsers(target.ctx).updateOne({ _id: target.appUserId, appId: target.appId }, { $pull: { notes: { id: noteId } } });
}
