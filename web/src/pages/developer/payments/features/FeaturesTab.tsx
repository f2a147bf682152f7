// Features tab (spec 001 sections 2, 3, 5): display name, name, description, type and default
// value; add and edit in a popup (the name follows the display name in camel case), delete
// after confirmation, drag to reorder. Every change saves the whole list (PUT).
import { useMemo, useState } from 'react';
import { toast } from 'sonner';
import type { Feature, FeatureInput } from '../../../../../../generated/client/types.gen';
import { resourceColumns } from '../../../../../../forms/resource/columns';
import type { CellFormat } from '../../../../../../forms/resource/cell-format';
import { schemaByName } from '../../../../../../forms/schemas';
import { CellValue } from '../../../../components/resource/cells';
import { ResourceFormPopup } from '../../../../components/resource/ResourceFormPopup';
import { ConfirmPopup } from '../../../../components/ConfirmPopup';
import { Loading } from '../../../../components/Loading';
import { SortableList } from '../../../../components/sortable/SortableList';
import { errorMessage } from '../../lib/toasts';
import { refresh } from '../../lib/queries';
import { useProviderLoadToast } from '../../integrations/use-provider-load-toast';
import { checkFeature, deriveFeature, featureFormSchema, newFeature, toFeatureForm } from '../lib/feature-form';
import type { FeatureForm } from '../lib/feature-form';
import { saveFeatureList, toFeatureInput } from '../lib/feature-list';
import { useFeatures } from '../lib/queries';
import { PAYMENT_TEXTS } from '../texts';

const COLUMNS = ['displayName', 'name', 'description', 'type', 'value'];
const VALUE_FORMATS: Record<Feature['type'], CellFormat> = { boolean: { kind: 'boolean' }, number: { kind: 'number' }, string: { kind: 'text' } };

/** -1 adds a feature; otherwise the position of the one edited. */
type Editing = { at: number; type: Feature['type'] };

export function FeaturesTab({ appId }: { appId: string }) {
  const features = useFeatures(appId);
  const [editing, setEditing] = useState<Editing | null>(null);
  const [deleting, setDeleting] = useState<Feature | null>(null);
  const [moved, setMoved] = useState<Feature[] | null>(null);
  useProviderLoadToast({ error: features.error, title: PAYMENT_TEXTS.featuresFailed });
  const list = moved ?? features.data?.data ?? [];
  const columns = useMemo(() => resourceColumns({ schema: schemaByName('Feature'), columns: COLUMNS }), []);
  const schema = useMemo(() => featureFormSchema(editing?.type), [editing?.type]);

  const saveAll = async ({ next, at }: { next: FeatureInput[]; at?: number }) => {
    const result = await saveFeatureList({ appId, features: next, at });
    await refresh('listFeatures', 'getPlan');
    return result;
  };
  const reorder = async (next: Feature[]) => {
    setMoved(next);
    try {
      await saveAll({ next: next.map(toFeatureInput) });
    } catch (thrown) {
      toast.error(PAYMENT_TEXTS.saveFailed, { description: errorMessage(thrown) });
    }
    setMoved(null);
  };
  const submit = (data: FeatureForm) => {
    if (!editing) return Promise.resolve();
    const inputs = list.map(toFeatureInput);
    const at = editing.at < 0 ? inputs.length : editing.at;
    const next = editing.at < 0 ? [...inputs, data] : inputs.map((f, i) => (i === at ? { ...f, ...data } : f));
    return saveAll({ next, at });
  };
  const remove = async () => {
    if (!deleting) return;
    await saveAll({ next: list.filter((f) => f.id !== deleting.id).map(toFeatureInput) });
    toast.success(`${deleting.displayName} deleted`);
    setDeleting(null);
  };

  const editingFeature = editing && editing.at >= 0 ? list[editing.at] : undefined;
  const others = list.filter((f) => f !== editingFeature);
  return (
    <section className="dp-stack" aria-label="Features">
      <div className="dp-row" style={{ justifyContent: 'space-between' }}>
        <p className="dp-muted" style={{ margin: 0 }}>Limits and switches your plans carry. Drag a feature by its handle to reorder.</p>
        <button type="button" className="dp-btn primary" onClick={() => setEditing({ at: -1, type: 'boolean' })}>+ Add feature</button>
      </div>
      {features.isError && <p className="dp-error" role="alert">{errorMessage(features.error)}</p>}
      <Loading active={features.isPending}>
        {features.isSuccess && list.length === 0 && <section className="dp-card dp-empty">{PAYMENT_TEXTS.noItems}</section>}
        {list.length > 0 && (
          <div className="pay-table">
            <div className="pay-table__head" aria-hidden="true">
              {columns.map((c) => <span key={c.field}>{c.header}</span>)}
              <span />
            </div>
            <SortableList
              label="Features"
              items={list}
              idOf={(f) => f.id}
              gripLabel={(f) => `Move ${f.displayName}`}
              disabled={moved !== null}
              onReorder={(next) => void reorder(next)}
              renderItem={(f) => (
                <div className="pay-table__row" data-feature={f.name}>
                  {columns.map((c) => (
                    <span key={c.field} className={`pay-table__cell pay-table__cell--${c.field}`}>
                      <CellValue format={c.field === 'value' ? VALUE_FORMATS[f.type] : c.format} value={f[c.field as keyof Feature]} />
                    </span>
                  ))}
                  <span className="pay-table__actions">
                    <button type="button" className="dp-btn small" aria-label={`Edit ${f.displayName}`} onClick={() => setEditing({ at: list.indexOf(f), type: f.type })}>Edit</button>
                    <button type="button" className="dp-btn small ghost" aria-label={`Delete ${f.displayName}`} onClick={() => setDeleting(f)}>Delete</button>
                  </span>
                </div>
              )}
            />
          </div>
        )}
      </Loading>
      {editing && (
        <ResourceFormPopup<FeatureForm>
          open
          title={editingFeature ? 'Edit feature' : 'Add feature'}
          schemaName="FeatureInput"
          schema={schema}
          formData={editingFeature ? toFeatureForm(editingFeature) : newFeature()}
          derive={deriveFeature}
          customValidate={checkFeature(others)}
          onChange={(data) => data.type && data.type !== editing.type && setEditing({ ...editing, type: data.type })}
          toasts={{ success: (r) => r.message || 'Features saved', error: PAYMENT_TEXTS.saveFailed }}
          onSubmit={submit}
          onClose={() => setEditing(null)}
        />
      )}
      <ConfirmPopup danger
        open={deleting !== null}
        title="Delete feature"
        confirmText="Delete"
        text={`Delete ${deleting?.displayName ?? ''}? Plans lose their value for it.`}
        onCancel={() => setDeleting(null)}
        onConfirm={remove}
      />
    </section>
  );
}
