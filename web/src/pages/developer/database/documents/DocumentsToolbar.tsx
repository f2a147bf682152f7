// The slot for the Documents tab's own controls, shown beside the table's search box: the
// import and export of the collection's documents.
import type { DbCollection } from '../../../../../../generated/client/types.gen';
import { ImportExport } from './ImportExport';

export type DocumentsToolbarProps = { appId: string; collection: DbCollection };

export function DocumentsToolbar({ appId, collection }: DocumentsToolbarProps) {
  return <ImportExport appId={appId} name={collection.name} />;
}
