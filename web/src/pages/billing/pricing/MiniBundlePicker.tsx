// The mini-bundle app picker popup (spec 002 sections 2, 5): 'Create your bundle', a counter of
// the selected apps against the limit, a Selected filter, Cancel and Select. A choice past the
// limit is ignored and says so; the bracket app is never offered.
import { useState } from 'react';
import type { CatalogApp } from '../../../../../generated/client/types.gen';
import { bundleSupportsMessage, removeAppsMessage } from '../../../../../rules/billing-messages';
import { MINI_BUNDLE } from '../../../../../rules/pricing-math';
import { Modal } from '../../../components/Modal';
import { ModalActions } from '../../../components/ModalActions';

export function MiniBundlePicker({ open, apps, limit, initial, busy, onCancel, onSelect }: {
  open: boolean;
  apps: CatalogApp[];
  limit: number;
  initial: string[];
  busy: boolean;
  onCancel: () => void;
  onSelect: (selectedApps: string[]) => void;
}) {
  const [selected, setSelected] = useState<string[]>(initial.filter((app) => app !== MINI_BUNDLE.excludedApp));
  const [onlySelected, setOnlySelected] = useState(false);
  const [notice, setNotice] = useState('');
  const offered = apps.filter((app) => app.componentType !== MINI_BUNDLE.excludedApp && (!onlySelected || selected.includes(app.componentType)));
  const excess = selected.length - limit;

  const toggle = (app: string) => {
    if (selected.includes(app)) {
      setSelected(selected.filter((one) => one !== app));
      setNotice('');
    } else if (selected.length >= limit) {
      setNotice(bundleSupportsMessage(limit));
    } else {
      setSelected([...selected, app]);
    }
  };

  return (
    <Modal
      open={open}
      title="Create your bundle"
      size="lg"
      locked={busy}
      onClose={onCancel}
      footer={<ModalActions busy={busy} onCancel={onCancel} actionText="Select" disabled={selected.length === 0 || excess > 0} onAction={() => onSelect(selected)} />}
    >
      <div className="mini-picker__bar">
        <span className="mini-picker__counter" aria-live="polite">
          {selected.length} / {limit} apps selected
        </span>
        <label>
          <input type="checkbox" checked={onlySelected} onChange={(event) => setOnlySelected(event.target.checked)} /> Selected
        </label>
      </div>
      {notice ? <p className="alert alert-info" role="status">{notice}</p> : null}
      {excess > 0 ? <p className="alert alert-danger" role="alert">{removeAppsMessage(excess)}</p> : null}
      <div className="mini-picker" role="group" aria-label="Apps">
        {offered.map((app) => (
          <label key={app.componentType} className="mini-picker__app">
            <input type="checkbox" checked={selected.includes(app.componentType)} onChange={() => toggle(app.componentType)} />
            {app.name}
          </label>
        ))}
      </div>
    </Modal>
  );
}
