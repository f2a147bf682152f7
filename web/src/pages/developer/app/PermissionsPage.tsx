// Permissions (spec 000 section 2): every scope area with a read and a write toggle; Save.
import { useMemo } from 'react';
import { useParams } from 'react-router';
import { SchemaForm } from '../../../../../forms/SchemaForm';
import { fromScopeForm, scopeAreas, scopeFormSchema, scopeFormUiSchema, toScopeForm } from '../lib/scopes';
import type { ScopeForm } from '../lib/scopes';
import { SAVE_TOASTS, saveApp, useApp } from '../lib/use-app';
import { Loading } from '../../../components/Loading';
import { PageHead } from '../ui/PageHead';
import { runtimeEntry } from '../../../../../forms/schemas';

export default function PermissionsPage() {
  const { appId = '' } = useParams();
  const appQuery = useApp(appId);
  const app = appQuery.data?.data;
  const areas = useMemo(() => scopeAreas(), []);
  const schema = useMemo(() => scopeFormSchema(areas), [areas]);
  const uiSchema = useMemo(() => scopeFormUiSchema(areas), [areas]);
  return (
    <div className="dp-stack">
      <PageHead title="Permissions" text="The store data your app may read or change. Store owners see this list before they install." />
      <Loading active={appQuery.isPending}>{app && (
        <section className="dp-card dp-scopes">
          <SchemaForm<ScopeForm>
            key={app.updated}
            entry={runtimeEntry({ name: 'DeveloperScopeForm', schema: schema })}
            uiSchema={uiSchema}
            formData={toScopeForm(areas, app.scopes)}
            submitText="Save"
            toasts={SAVE_TOASTS}
            onSubmit={(data) => saveApp({ appId, body: { scopes: fromScopeForm(data) } })}
          />
        </section>
      )}</Loading>
    </div>
  );
}
