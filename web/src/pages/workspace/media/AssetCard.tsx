// The media manager's images as the engine's cards of Asset (what a card shows is the document's,
// x-ui.card: the thumbnail, the name, the size), each with a download link, and Rename and Delete
// for the roles that may change media.
import type { Asset } from '../../../../../generated/client/types.gen';
import { ResourceCards } from '../../../components/resource/ResourceCards';
import { AssetSchema } from '../../../../../generated/schemas/Asset';

export function AssetCards({ assets, canManage, onRename, onDelete }: { assets: ReadonlyArray<Asset>; canManage: boolean; onRename: (asset: Asset) => void; onDelete: (asset: Asset) => void }) {
  return (
    <ResourceCards<Asset>
      entry={AssetSchema}
      titleAs="h2"
      className="media-grid"
      label="Images"
      records={assets}
      idOf={(asset) => asset.guid}
      extra={(asset) => (
        <a className="asset-card__download" href={asset.downloadUrl} download aria-label={`Download ${asset.name}`}>
          Download
        </a>
      )}
      actions={
        canManage
          ? (asset) => (
              <div className="asset-card__actions">
                <button type="button" className="btn btn-secondary btn-sm" onClick={() => onRename(asset)}>
                  Rename
                </button>
                <button type="button" className="btn btn-danger btn-sm" onClick={() => onDelete(asset)} aria-label={`Delete ${asset.name}`}>
                  Delete
                </button>
              </div>
            )
          : undefined
      }
    />
  );
}
