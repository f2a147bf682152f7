// The slot for the Documents tab's own controls, shown beside the table's search box: the
// import and export of the collection's documents go here.
import type { DbCollection } from '../../../../../../generated/client/types.gen';

export type DocumentsToolbarProps = { appId: string; collection: DbCollection };

export function DocumentsToolbar(_props: DocumentsToolbarProps) {
  return null;
}
