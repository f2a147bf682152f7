// Checks one write against the collection's attributes.
import type { FieldErrors } from '../../http/errors';
import type { CollectionDoc } from './model';

export type WriteMode = 'create' | 'update';

export function validateDocument(_args: {
  collection: Pick<CollectionDoc, 'attributes'>;
  input: Record<string, unknown>;
  mode: WriteMode;
}): { value: Record<string, unknown>; fieldErrors: FieldErrors } {
  throw new Error('not implemented');
}
