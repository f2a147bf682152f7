// "Add to site" (modal state `code`): the installation code and the widget ID, each with a copy
// button. The snippet's format is rules/widget-embed.ts.
import { CopyField } from '../../../../../forms/components/CopyField';
import { installationSnippet } from '../../../../../rules/widget-embed';
import { Modal } from '../../../components/Modal';

export function AddToSitePopup({ widget, onClose }: { widget: { guid: string; name: string }; onClose: () => void }) {
  const snippet = installationSnippet({ origin: window.location.origin, guid: widget.guid });
  return (
    <Modal open title={`Add ${widget.name} to your site`} onClose={onClose} size="lg">
      <h3 className="widget-code__label">Installation code</h3>
      <p className="muted">Paste this code into your page's HTML where the widget should appear.</p>
      <pre className="widget-code__snippet">{snippet}</pre>
      <CopyField value={snippet} label="Installation code" copyText="Copy code" />
      <h3 className="widget-code__label">Widget ID</h3>
      <CopyField value={widget.guid} label="Widget ID" copyText="Copy ID" />
    </Modal>
  );
}
