// Collections of an app's database. Callers pass an already authorised appId.
import type { AppContext } from '../../context';
import type { CollectionDoc } from './model';

const notYet = (): never => {
  throw new Error('not implemented');
};

export async function findCollection(_args: { ctx: AppContext; appId: string; name: string }): Promise<CollectionDoc> {
  return notYet();
}

export async function listCollections(_args: { ctx: AppContext; appId: string }): Promise<string[]> {
  return notYet();
}
