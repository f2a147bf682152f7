// Who may read and write the collection's documents through the public data API
// (docs/public-data-api.md): anyone, the app and its users, or the app only; and the origins
// whose web pages may call it from the browser.
import { useQuery } from '@tanstack/react-query';
import { getCollectionAccessOptions } from '../../../../../../generated/client/@tanstack/react-query.gen';
import { setCollectionAccess } from '../../../../../../generated/client/sdk.gen';
import type { DataCollectionAccess } from '../../../../../../generated/client/types.gen';
import { callApi } from '../../../../../../forms/call-api';
import { SchemaForm } from '../../../../../../forms/SchemaForm';
import { Loading } from '../../../../components/Loading';
import { refresh } from '../../lib/queries';
import { errorMessage } from '../../lib/toasts';

const UI = {
  read: { 'ui:widget': 'radio' },
  write: { 'ui:widget': 'radio' },
  origins: { 'ui:options': { orderable: false, addText: 'Add origin' }, items: { 'ui:placeholder': 'https://shop.example' } },
};

export function AccessRules({ appId, name }: { appId: string; name: string }) {
  const path = { appId, name };
  const access = useQuery(getCollectionAccessOptions({ path }));
  return (
    <section className="dp-card" aria-label="API access">
      <h2>API access</h2>
      <p className="dp-muted">Who may use this collection through the public API.</p>
      <Loading active={access.isPending}>
        {access.isError && <p className="dp-error" role="alert">{errorMessage(access.error)}</p>}
        {access.data && (
          <SchemaForm<DataCollectionAccess>
            key={name}
            schemaName="DataCollectionAccess"
            uiSchema={UI}
            formData={access.data.data}
            submitText="Save access"
            toasts={{ success: ({ message }) => message }}
            onSubmit={async (body) => {
              const result = await callApi(setCollectionAccess({ path, body }));
              await refresh('getCollectionAccess');
              return result;
            }}
          />
        )}
      </Loading>
    </section>
  );
}
