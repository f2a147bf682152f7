// Who may use the collection's documents through the public data API (docs/public-data-api.md,
// "Rules"): its five rules (locked, anyone, any app user, the record's owner, or a filter that may
// name @caller), each filter checked by the server's own parser as it is typed (the "try as"
// panel beside the form sends the rules as typed), the origins whose web pages may call it, and
// whether its document changes go to the app's webhooks (docs/public-data-api.md, "Live changes").
import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { getCollectionAccessOptions } from '../../../../../../generated/client/@tanstack/react-query.gen';
import { setCollectionAccess } from '../../../../../../generated/client/sdk.gen';
import type { DataCollectionAccessInput, DataRules } from '../../../../../../generated/client/types.gen';
import { callApi } from '../../../../../../forms/call-api';
import { SchemaForm } from '../../../../../../forms/SchemaForm';
import { Loading } from '../../../../components/Loading';
import { refresh } from '../../lib/queries';
import { errorMessage } from '../../lib/toasts';
import { TryAs } from './TryAs';

const RULE = {
  kind: { 'ui:widget': 'select' },
  filter: { 'ui:widget': 'textarea', 'ui:placeholder': '{"$or":[{"published":true},{"_owner":"@caller"}]}' },
};

const UI = {
  'ui:order': ['rules', 'origins', 'documentWebhooks', '*'],
  rules: { list: RULE, view: RULE, create: RULE, update: RULE, delete: RULE },
  read: { 'ui:widget': 'hidden' },
  write: { 'ui:widget': 'hidden' },
  origins: { 'ui:options': { orderable: false, addText: 'Add origin' }, items: { 'ui:placeholder': 'https://shop.example' } },
};

export function AccessRules({ appId, name }: { appId: string; name: string }) {
  const path = { appId, name };
  const access = useQuery(getCollectionAccessOptions({ path }));
  const [typed, setTyped] = useState<DataRules | undefined>(undefined);
  return (
    <section className="dp-card" aria-label="Rules">
      <h2>Rules</h2>
      <p className="dp-muted">Who may list, view, create, update and delete this collection&apos;s documents through the public API. The app itself passes every rule.</p>
      <Loading active={access.isPending}>
        {access.isError && <p className="dp-error" role="alert">{errorMessage(access.error)}</p>}
        {access.data && (
          <>
            <SchemaForm<DataCollectionAccessInput>
              key={name}
              schemaName="DataCollectionAccessInput"
              uiSchema={UI}
              formData={{ rules: access.data.data.rules, origins: access.data.data.origins, documentWebhooks: access.data.data.documentWebhooks ?? false }}
              submitText="Save rules"
              toasts={{ success: ({ message }) => message }}
              onChange={(data) => setTyped(data.rules as DataRules | undefined)}
              onSubmit={async ({ rules, origins, documentWebhooks }) => {
                const result = await callApi(setCollectionAccess({ path, body: { rules, origins, documentWebhooks } }));
                await refresh('getCollectionAccess');
                return result;
              }}
            />
            <TryAs appId={appId} name={name} rules={typed ?? access.data.data.rules} />
          </>
        )}
      </Loading>
    </section>
  );
}
