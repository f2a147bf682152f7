// One image of the media manager: its thumbnail, name and size, a download link, and Rename and
// Delete for the roles that may change media.
import type { Asset } from '../../../../../generated/client/types.gen';
import { formatBytes } from '../../../../../rules/format-bytes';

export function AssetCard({ asset, canManage, onRename, onDelete }: { asset: Asset; canManage: boolean; onRename: () => void; onDelete: () => void }) {
  return (
    <li className="card asset-card">
      <a className="asset-card__image" href={asset.url} target="_blank" rel="noreferrer">
        <img src={asset.thumbnail ?? asset.url} alt={asset.name} loading="lazy" />
      </a>
      <div className="asset-card__body">
        <strong className="asset-card__name" title={asset.name}>
          {asset.name}
        </strong>
        <span className="asset-card__meta">
          {formatBytes(asset.size)} ·{' '}
          <a href={asset.downloadUrl} download>
            Download
          </a>
        </span>
      </div>
      {canManage ? (
        <div className="asset-card__actions">
          <button type="button" className="btn btn-secondary btn-sm" onClick={onRename}>
            Rename
          </button>
          <button type="button" className="btn btn-danger btn-sm" onClick={onDelete} aria-label={`Delete ${asset.name}`}>
            Delete
          </button>
        </div>
      ) : null}
    </li>
  );
}
