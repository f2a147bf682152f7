// "Add to site" (modal state `code`): the installation code, a guide per site builder, the
// widget's share link (its page /w/{guid}) with whether search engines may index that page, and
// the widget ID, each with a copy button. The snippet's format and the share path are
// rules/widget-embed.ts.
import { CopyField } from '../../../../../forms/components/CopyField';
import { installationSnippet, shareLink } from '../../../../../rules/widget-embed';
import { Modal } from '../../../components/Modal';
import { InstallGuides } from './InstallGuides';
import { SharePageIndexing } from './SharePageIndexing';
import { INSTALL_TEXTS } from './install-guides';

export function AddToSitePopup({ widget, onClose }: { widget: { guid: string; name: string }; onClose: () => void }) {
  const snippet = installationSnippet({ origin: window.location.origin, guid: widget.guid });
  const link = shareLink({ origin: window.location.origin, guid: widget.guid });
  return (
    <Modal open title={`Add ${widget.name} to your site`} onClose={onClose} size="lg">
      <h3 className="widget-code__label">Installation code</h3>
      <p className="muted">Paste this code into your page's HTML where the widget should appear.</p>
      <pre className="widget-code__snippet">{snippet}</pre>
      <CopyField value={snippet} label="Installation code" copyText="Copy code" />
      <InstallGuides snippet={snippet} />
      <h3 className="widget-code__label">{INSTALL_TEXTS.shareTitle}</h3>
      <p className="muted">
        {INSTALL_TEXTS.shareHint}{' '}
        <a href={link} target="_blank" rel="noreferrer">
          {INSTALL_TEXTS.openLink}
        </a>
      </p>
      <CopyField value={link} label={INSTALL_TEXTS.shareTitle} copyText={INSTALL_TEXTS.copyLink} />
      <SharePageIndexing guid={widget.guid} />
      <h3 className="widget-code__label">Widget ID</h3>
      <CopyField value={widget.guid} label="Widget ID" copyText="Copy ID" />
    </Modal>
  );
}
