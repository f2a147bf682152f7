// App user notes: the title is needed even when the schema lets it be blank or absent, and
// both texts are kept trimmed, an empty description left out (spec: 'Missing note title').
import { ValidationError } from '../../http/errors';
import type { AppUserNote, NoteInput } from '../../../generated/client/types.gen';
import { defineHooks } from './types';

const MISSING_NOTE_TITLE = 'Missing note title';

/** Every declared property as sent (the body holds only what NoteInput declares), the texts trimmed. */
function noteOf(input: NoteInput): Record<string, unknown> {
  const title = input.title?.trim() ?? '';
  if (title === '') throw new ValidationError(MISSING_NOTE_TITLE, { title: MISSING_NOTE_TITLE });
  const { description: sent, ...declared } = input;
  const description = sent?.trim();
  return description ? { ...declared, title, description } : { ...declared, title };
}

export const appUserNoteHooks = defineHooks<AppUserNote, NoteInput, NoteInput>({
  beforeCreate: ({ body }) => noteOf(body),
  beforeUpdate: ({ body }) => noteOf(body),
});
