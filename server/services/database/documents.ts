// Documents of a collection. Callers pass an already authorised appId.
import type { AppContext } from '../../context';
import type { DbDocument, DocumentView } from './model';

export interface DocumentPage {
  items: DbDocument[];
  page: number;
  pages: number;
  total: number;
}

interface Target {
  ctx: AppContext;
  appId: string;
  /** The collection's name. */
  name: string;
}

const notYet = (): never => {
  throw new Error('not implemented');
};

export async function listDocuments(
  _args: Target & { page?: number; limit?: number; query?: string; sort?: string; view: DocumentView; expand?: string[] },
): Promise<DocumentPage> {
  return notYet();
}

export async function countDocuments(_args: Target & { query?: string }): Promise<number> {
  return notYet();
}

export async function getDocument(_args: Target & { docId: string; view: DocumentView; expand?: string[] }): Promise<DbDocument> {
  return notYet();
}

export async function createDocument(_args: Target & { input: Record<string, unknown>; view: DocumentView }): Promise<DbDocument> {
  return notYet();
}

export async function updateDocument(
  _args: Target & { docId: string; input: Record<string, unknown>; view: DocumentView },
): Promise<DbDocument> {
  return notYet();
}

export async function deleteDocument(_args: Target & { docId: string }): Promise<void> {
  return notYet();
}
