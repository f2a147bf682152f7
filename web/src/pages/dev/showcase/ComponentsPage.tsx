// Dev-only showcase of the shared components (/dev/components), for reviews and
// screenshots. ?confirm=1 opens the confirm popup, ?fail=1 makes the form fail.
import { useState } from 'react';
import { Navigate, useSearchParams } from 'react-router';
import { toast } from 'sonner';
import { Badge } from '../../../components/Badge';
import { Chart } from '../../../components/Chart';
import { ConfirmPopup } from '../../../components/ConfirmPopup';
import { CopyField } from '../../../../../forms/components/CopyField';
import { DataTable } from '../../../components/data-table/DataTable';
import { EmptyState } from '../../../components/EmptyState';
import { ImageUpload } from '../../../../../forms/components/ImageUpload';
import { Spinner } from '../../../components/Loading';
import { Modal } from '../../../components/Modal';
import { Tabs } from '../../../components/Tabs';
import { FormSection } from './FormSection';
import { barOption, fetchSampleWidgets, lineOption, pieOption } from './fixtures';
import type { SampleWidget } from './fixtures';
import './showcase.css';

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const columns = [
  { field: 'name' as const, headerName: 'Name' },
  { field: 'type' as const, headerName: 'Type' },
  { field: 'views' as const, headerName: 'Views', maxWidth: 140 },
  { field: 'status' as const, headerName: 'Status', maxWidth: 150 },
  { field: 'updated' as const, headerName: 'Updated', maxWidth: 160 },
];

export default function ComponentsPage() {
  const [params] = useSearchParams();
  const [confirmOpen, setConfirmOpen] = useState(params.get('confirm') === '1');
  const [modalOpen, setModalOpen] = useState(params.get('modal') === '1');
  const [avatar, setAvatar] = useState<string>();
  // Shown by the dev server, or by a build made with VITE_SHOWCASE=1; elsewhere not a blank page but the app.
  if (import.meta.env.PROD && !import.meta.env.VITE_SHOWCASE) return <Navigate to="/" replace />;

  return (
    <main className="showcase">
      <h1>Components</h1>

      <section className="card showcase__section">
        <h2>Buttons and badges</h2>
        <div className="showcase__row">
          <button type="button" className="btn btn-primary">Primary</button>
          <button type="button" className="btn btn-secondary">Secondary</button>
          <button type="button" className="btn btn-ghost">Ghost</button>
          <button type="button" className="btn btn-danger">Delete</button>
          <button type="button" className="btn btn-primary" disabled>Disabled</button>
          <button type="button" className="btn btn-secondary btn-sm" onClick={() => toast.success('Saved successfully')}>Toast</button>
          <Spinner />
        </div>
        <div className="showcase__row">
          <Badge>Draft</Badge>
          <Badge tone="primary">New</Badge>
          <Badge tone="success">Connected</Badge>
          <Badge tone="warning">Pending</Badge>
          <Badge tone="danger">Failed</Badge>
        </div>
      </section>

      <section className="card showcase__section">
        <h2>Schema form</h2>
        <FormSection failing={params.get('fail') === '1'} />
      </section>

      <section className="card showcase__section">
        <h2>Data table</h2>
        <DataTable<SampleWidget>
          label="Widgets"
          queryKey={['showcase-widgets']}
          fetch={fetchSampleWidgets}
          columns={columns}
          getRowId={(row) => row.id}
          searchPlaceholder="Search widgets"
          emptyText="No widgets match your search"
          toolbar={<button type="button" className="btn btn-primary btn-sm">New widget</button>}
          rowActions={() => (
            <button type="button" className="btn btn-ghost btn-sm" onClick={() => setConfirmOpen(true)}>
              Delete
            </button>
          )}
        />
      </section>

      <section className="card showcase__section">
        <h2>Charts</h2>
        <div className="showcase__grid">
          <Chart label="Views and interactions, last 14 days" option={lineOption} height={260} />
          <Chart label="Revenue by month" option={barOption} height={260} />
          <Chart label="Views by device" option={pieOption} height={260} />
        </div>
      </section>

      <section className="card showcase__section">
        <h2>Copy, upload, tabs</h2>
        <div className="showcase__grid showcase__grid--2">
          <div className="showcase__stack">
            <CopyField label="App ID" value="app_7f3c2a91" confirmMs={1000} />
            <CopyField label="App secret" value="sk_live_51Hx9cQ2eZvKYlo2C" secret />
            <ImageUpload value={avatar} onUploaded={setAvatar} maxMb={3} />
          </div>
          <Tabs
            label="Collection"
            tabs={[
              { id: 'documents', label: 'Documents', content: <p className="muted">Documents of the collection.</p> },
              { id: 'fields', label: 'Fields', content: <p className="muted">Fields and their types.</p> },
              { id: 'settings', label: 'Settings', content: <p className="muted">Rename, danger zone.</p> },
            ]}
          />
        </div>
      </section>

      <section className="card showcase__section">
        <h2>Empty state and popups</h2>
        <EmptyState title="No projects yet" text="Create a project to group your widgets." action={<button type="button" className="btn btn-primary">Create project</button>} />
        <div className="showcase__row">
          <button type="button" className="btn btn-danger" onClick={() => setConfirmOpen(true)}>Delete app</button>
          <button type="button" className="btn btn-secondary" onClick={() => setModalOpen(true)}>Open modal</button>
        </div>
      </section>

      <ConfirmPopup
        open={confirmOpen}
        title="Delete app"
        text="This deletes the app and its settings. This cannot be undone."
        confirmText="Delete"
        danger
        onConfirm={async () => {
          await wait(800);
          setConfirmOpen(false);
          toast.success('App deleted');
        }}
        onCancel={() => setConfirmOpen(false)}
      />
      <Modal open={modalOpen} title="Invite a collaborator" onClose={() => setModalOpen(false)} footer={<button type="button" className="btn btn-primary" onClick={() => setModalOpen(false)}>Done</button>}>
        <p className="muted">Modal content goes here.</p>
      </Modal>
    </main>
  );
}
