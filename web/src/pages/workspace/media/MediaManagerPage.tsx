// The media manager of a project (spec 003 "Media manager"): its images as cards, newest first,
// search by name, upload (several at once, with a progress bar), rename and delete per image,
// and Load More, 25 at a time. Viewers see the images; editors and above change them.
import { useState } from 'react';
import { useParams } from 'react-router';
import { useInfiniteQuery, useQuery, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { getProjectOptions, listAssetsInfiniteOptions } from '../../../../../generated/client/@tanstack/react-query.gen';
import { deleteAsset, renameAsset } from '../../../../../generated/client/sdk.gen';
import type { Asset, RenameAssetInput } from '../../../../../generated/client/types.gen';
import { callApi } from '../../../../../forms/call-api';
import { formValuesOf } from '../../../../../forms/resource/form-hints';
import { schemaOf } from '../../../../../forms/schemas';
import { canDo } from '../../../../../rules/workspace-roles';
import { MEDIA_PAGE_SIZE } from '../../../../../rules/media';
import { ConfirmPopup } from '../../../components/ConfirmPopup';
import { EmptyState } from '../../../components/EmptyState';
import { Loading } from '../../../components/Loading';
import { ResourceFormPopup } from '../../../components/resource/ResourceFormPopup';
import { refreshOperations } from '../../../components/resource/use-resource';
import { UpgradePopup } from '../projects/UpgradePopup';
import { AssetCards } from './AssetCard';
import { useMediaUpload } from './use-media-upload';
import './media.css';
import { RenameAssetInputSchema } from '../../../../../generated/schemas/RenameAssetInput';

const UPLOADING = 'Uploading file...';

function UploadButton({ accept, busy, onPick }: { accept: string; busy: boolean; onPick: (files: File[]) => void }) {
  return (
    <label className={`btn btn-primary${busy ? ' is-disabled' : ''}`}>
      Upload images
      <input
        type="file"
        className="visually-hidden"
        accept={accept}
        multiple
        disabled={busy}
        aria-label="Upload images"
        onChange={(event) => {
          onPick([...(event.currentTarget.files ?? [])]);
          event.currentTarget.value = '';
        }}
      />
    </label>
  );
}

export default function MediaManagerPage() {
  const { projectId = '' } = useParams();
  const client = useQueryClient();
  const [search, setSearch] = useState('');
  const [renaming, setRenaming] = useState<Asset>();
  const [deleting, setDeleting] = useState<Asset>();
  const project = useQuery(getProjectOptions({ path: { projectId } }));
  const canManage = canDo({ role: project.data?.data.userProjectRole, action: 'manageMedia' });
  const assets = useInfiniteQuery({
    ...listAssetsInfiniteOptions({ query: { projectId, assetType: 'image', limit: MEDIA_PAGE_SIZE, ...(search.trim() ? { q: search.trim() } : {}) } }),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.data.page < last.data.pages ? last.data.page + 1 : undefined),
  });
  const refresh = () => refreshOperations(client, ['listAssets']);
  const { progress, upload, accept, overStorage, closeUpgrade } = useMediaUpload({ projectId, onUploaded: refresh });
  const shown = assets.data?.pages.flatMap((page) => page.data.docs) ?? [];

  return (
    <section className="media-manager">
      <header className="page-header media-head">
        <h1>Media manager</h1>
        <input className="input media-search" type="search" placeholder="Search images" aria-label="Search images" value={search} onChange={(e) => setSearch(e.target.value)} />
        {canManage ? <UploadButton accept={accept} busy={progress !== null} onPick={(files) => void upload(files)} /> : null}
      </header>
      {progress !== null ? (
        <div className="media-progress" role="status">
          <span>{UPLOADING}</span>
          <progress max={1} value={progress} aria-label={UPLOADING} />
        </div>
      ) : null}
      {assets.isError ? <p role="alert">Oops, something went wrong</p> : null}
      <UpgradePopup open={overStorage} what="storage" onClose={closeUpgrade} />
      <Loading active={assets.isPending}>
        {shown.length === 0 ? (
          <EmptyState icon="▧" title={search.trim() ? 'No images match your search' : 'No images yet'} text={canManage ? 'Upload PNG, JPG or GIF images of up to 50 MB.' : undefined} />
        ) : (
          <AssetCards assets={shown} canManage={canManage} onRename={setRenaming} onDelete={setDeleting} />
        )}
        {assets.hasNextPage ? (
          <div className="media-more">
            <button type="button" className="btn btn-secondary" disabled={assets.isFetchingNextPage} onClick={() => void assets.fetchNextPage()}>
              Load More
            </button>
          </div>
        ) : null}
      </Loading>
      <ResourceFormPopup<RenameAssetInput>
        key={renaming?.guid}
        open={renaming !== undefined}
        title="Rename image"
        entry={RenameAssetInputSchema}
        formData={renaming ? formValuesOf<RenameAssetInput>({ schema: schemaOf(RenameAssetInputSchema), record: renaming }) : undefined}
        toasts={{ success: 'Image renamed', error: 'Oops, something went wrong' }}
        onSubmit={async (body) => {
          const renamed = await callApi(renameAsset({ path: { guid: renaming?.guid ?? '' }, body }));
          await refresh();
          return renamed;
        }}
        onClose={() => setRenaming(undefined)}
      />
      <ConfirmPopup
        open={deleting !== undefined}
        title="Delete image"
        text={`Delete "${deleting?.name ?? ''}"? Widgets showing it will show nothing in its place.`}
        confirmText="Delete"
        danger
        onConfirm={async () => {
          await callApi(deleteAsset({ path: { guid: deleting?.guid ?? '' } }));
          toast.success('Image deleted');
          setDeleting(undefined);
          await refresh();
        }}
        onCancel={() => setDeleting(undefined)}
      />
    </section>
  );
}
