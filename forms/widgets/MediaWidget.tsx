// An image address chosen from the media manager (`x-ui: { widget: media }`): the address field,
// and "Choose from media" opening a grid of the project's images (of the caller's own files
// without a project) with an upload button; picking one fills the address. The project is the
// one the page's address names (?projectId=, as the widget editor's does). With `media: file`
// (a download's file) the grid and the upload take every kind the media library does.
import { useEffect, useId, useRef, useState } from 'react';
import type { KeyboardEvent } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { WidgetProps } from '@rjsf/utils';
import { listAssetsOptions } from '../../generated/client/@tanstack/react-query.gen';
import { uploadAssets } from '../../generated/client/sdk.gen';
import { callApi } from '../call-api';
import { toFormFailure } from '../server-errors';
import './MediaWidget.css';

type MediaKind = 'image' | 'file';
/** What each kind lists, uploads and calls its items. */
const KINDS: Record<MediaKind, { assetType?: 'image'; accept?: string; one: string; many: string }> = {
  image: { assetType: 'image', accept: 'image/png,image/jpeg,image/gif,image/webp', one: 'image', many: 'images' },
  // Any kind: the server tells a file's kind from its bytes and refuses what it does not know.
  file: { one: 'file', many: 'files' },
};
const kindOf = (options: WidgetProps['options']): MediaKind => (options.media === 'file' ? 'file' : 'image');
/** The popup shows the newest images; more are a search away. */
const SHOWN = 48;
const FOCUSABLE = 'button:not(:disabled), input:not(:disabled)';
const shownAddress = (value: string): boolean => /^(https?:\/\/|\/(?!\/))/i.test(value);
const IMAGE_EXTENSIONS = new Set(['png', 'jpg', 'jpeg', 'gif', 'webp', 'svg', 'avif', 'bmp', 'ico']);
/** The address's path without its host, query or fragment (so example.com is no extension). */
const pathOf = (address: string): string => address.replace(/^https?:\/\/[^/?#]*/i, '').split(/[?#]/)[0];
/** The path's extension, lowercased; none for a media address such as /api/v1/asset/<id>/file. */
const extensionOf = (address: string): string | undefined => /\.([a-z0-9]{1,8})$/i.exec(pathOf(address))?.[1]?.toLowerCase();

/** A page with a corner turned and what kind of file it is (PDF, CSV...). */
function FileIcon({ label }: { label: string }) {
  return (
    <span className="sf-media__file">
      <svg viewBox="0 0 24 24" width="18" height="18" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinejoin="round">
        <path d="M6 2.5h8l4.5 4.5v14.5H6z" />
        <path d="M14 2.5V7h4.5" />
      </svg>
      <span>{label}</span>
    </span>
  );
}

/** A thumbnail for an image address; a file icon and its extension for anything else (a PDF of a
 * file download), which is never fetched as an image; an address that fails to load as one too. */
function MediaPreview({ address }: { address: string }) {
  const [failed, setFailed] = useState<string>();
  if (!shownAddress(address)) return <span className="sf-media__preview" aria-hidden="true" />;
  const extension = extensionOf(address);
  const image = (!extension || IMAGE_EXTENSIONS.has(extension)) && failed !== address;
  return (
    <span className="sf-media__preview" aria-hidden="true" title={image ? undefined : pathOf(address).split('/').pop()}>
      {image ? <img src={address} alt="" onError={() => setFailed(address)} /> : <FileIcon label={extension ? extension.toUpperCase() : 'File'} />}
    </span>
  );
}

function MediaPopup({ projectId, kind, onPick, onClose }: { projectId?: string; kind: MediaKind; onPick: (url: string) => void; onClose: () => void }) {
  const { assetType, accept, one, many } = KINDS[kind];
  const titleId = useId();
  const dialog = useRef<HTMLDivElement>(null);
  const client = useQueryClient();
  const [search, setSearch] = useState('');
  const [error, setError] = useState<string>();
  const [uploading, setUploading] = useState(false);
  const query = { ...(projectId ? { projectId } : {}), ...(assetType ? { assetType } : {}), limit: SHOWN, ...(search.trim() ? { q: search.trim() } : {}) };
  const assets = useQuery(listAssetsOptions({ query }));
  useEffect(() => dialog.current?.querySelector<HTMLElement>('input')?.focus(), []);

  const upload = async (file: File | undefined) => {
    if (!file) return;
    setUploading(true);
    setError(undefined);
    try {
      const answer = await callApi(uploadAssets({ query: { ...(projectId ? { projectId } : {}), ...(assetType ? { assetType } : {}) }, body: { 'files[]': [file] } }));
      await client.invalidateQueries({ queryKey: [{ _id: 'listAssets' }] });
      const stored = answer.data.uploaded[0];
      if (stored) onPick(stored.url);
      else setError(answer.data.failed[0]?.message);
    } catch (thrown) {
      setError(toFormFailure(thrown).message);
    } finally {
      setUploading(false);
    }
  };

  // Escape closes; Tab stays inside the popup.
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape') {
      event.stopPropagation();
      onClose();
    }
    if (event.key !== 'Tab') return;
    const focusable = [...(dialog.current?.querySelectorAll<HTMLElement>(FOCUSABLE) ?? [])];
    const [first, last] = [focusable[0], focusable.at(-1)];
    if (event.shiftKey && document.activeElement === first) last?.focus();
    else if (!event.shiftKey && document.activeElement === last) first?.focus();
    else return;
    event.preventDefault();
  };

  const docs = assets.data?.data.docs ?? [];
  return (
    <div className="sf-media__backdrop" onMouseDown={(event) => event.target === event.currentTarget && onClose()}>
      <div ref={dialog} className="sf-media__dialog" role="dialog" aria-modal="true" aria-labelledby={titleId} onKeyDown={onKeyDown}>
        <div className="sf-media__head">
          <h2 id={titleId}>{kind === 'image' ? 'Choose an image' : 'Choose a file'}</h2>
          <input type="search" className="form-control" placeholder={`Search ${many}`} aria-label={`Search ${many}`} value={search} onChange={(event) => setSearch(event.target.value)} />
          <label className={`btn btn-secondary btn-sm${uploading ? ' is-disabled' : ''}`}>
            {uploading ? 'Uploading file...' : `Upload ${one}`}
            <input type="file" className="visually-hidden" accept={accept} aria-label={`Upload ${one}`} disabled={uploading} onChange={(event) => void upload(event.currentTarget.files?.[0])} />
          </label>
        </div>
        {error ? <p role="alert" className="sf-media__error">{error}</p> : null}
        {assets.isError ? <p role="alert" className="sf-media__error">The {many} could not be loaded.</p> : null}
        {assets.isPending ? <p role="status">Loading {many}…</p> : null}
        {assets.isSuccess && docs.length === 0 ? <p className="sf-media__empty">{search.trim() ? `No ${many} match your search.` : `No ${many} yet. Upload one to use it here.`}</p> : null}
        <ul className="sf-media__grid">
          {docs.map((asset) => (
            <li key={asset.guid}>
              <button type="button" className="sf-media__pick" onClick={() => onPick(asset.url)}>
                {asset.assetType === 'image' || asset.thumbnail ? <img src={asset.thumbnail ?? asset.url} alt="" loading="lazy" /> : <FileIcon label={asset.assetType.toUpperCase()} />}
                <span>{asset.name}</span>
              </button>
            </li>
          ))}
        </ul>
        <div className="sf-media__actions">
          <button type="button" className="btn btn-secondary" onClick={onClose}>
            Cancel
          </button>
        </div>
      </div>
    </div>
  );
}

export function MediaWidget({ id, value, onChange, disabled, readonly, label, placeholder, options }: WidgetProps) {
  const [open, setOpen] = useState(false);
  const opener = useRef<HTMLButtonElement>(null);
  const text = typeof value === 'string' ? value : '';
  const projectId = new URLSearchParams(window.location.search).get('projectId') ?? undefined;
  const close = () => {
    setOpen(false);
    opener.current?.focus();
  };
  const locked = disabled || readonly;
  return (
    <div className="sf-media">
      <MediaPreview address={text} />
      <input id={id} type="text" className="form-control" value={text} placeholder={placeholder || 'https://… or choose from media'} disabled={locked} onChange={(event) => onChange(event.target.value)} />
      <button ref={opener} type="button" className="btn btn-secondary btn-sm" disabled={locked} aria-haspopup="dialog" aria-label={`Choose from media: ${label}`} onClick={() => setOpen(true)}>
        Choose from media
      </button>
      {open ? (
        <MediaPopup
          projectId={projectId}
          kind={kindOf(options)}
          onClose={close}
          onPick={(url) => {
            onChange(url);
            close();
          }}
        />
      ) : null}
    </div>
  );
}
