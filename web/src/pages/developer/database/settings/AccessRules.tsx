// Who may use the collection's documents through the public data API (docs/public-data-api.md,
// "Rules"): its five rules (locked, anyone, any app user, the record's owner, or a filter that may
// name @caller), the origins whose web pages may call it, and whether its document changes go to
// the app's webhooks (docs/public-data-api.md, "Live changes"). The rules as typed go to the
// "try as" panel, whose server check also shows a broken filter's problem under that filter.
import { useMemo, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { getCollectionAccessOptions } from '../../../../../../generated/client/@tanstack/react-query.gen';
import { setCollectionAccess } from '../../../../../../generated/client/sdk.gen';
import type { DataCollectionAccess, DataCollectionAccessInput, DataRules } from '../../../../../../generated/client/types.gen';
import { callApi } from '../../../../../../forms/call-api';
import { formValuesOf } from '../../../../../../forms/resource/form-hints';
import { SchemaForm } from '../../../../../../forms/SchemaForm';
import { schemaOf } from '../../../../../../forms/schemas';
import { toFormFailure } from '../../../../../../forms/server-errors';
import { Loading } from '../../../../components/Loading';
import { refresh } from '../../lib/queries';
import { errorMessage } from '../../lib/toasts';
import { rulesFormUi } from './rules-form';
import { TryAs } from './TryAs';
import { useRulesTrial } from './use-rules-trial';
import { DataCollectionAccessInputSchema } from '../../../../../../generated/schemas/DataCollectionAccessInput';

function RulesForm({ appId, name, saved }: { appId: string; name: string; saved: DataCollectionAccess }) {
  const path = { appId, name };
  const [typed, setTyped] = useState<DataRules>(saved.rules);
  const [as, setAs] = useState('anonymous');
  const trial = useRulesTrial({ appId, name, as, rules: typed });
  const ui = useMemo(() => rulesFormUi(typed), [typed]);
  const problems = trial.isError ? toFormFailure(trial.error).fieldErrors : undefined;
  return (
    <>
      <SchemaForm<DataCollectionAccessInput>
        key={name}
        entry={DataCollectionAccessInputSchema}
        uiSchema={ui}
        formData={formValuesOf<DataCollectionAccessInput>({ schema: schemaOf(DataCollectionAccessInputSchema), record: saved })}
        fieldErrors={problems}
        submitText="Save rules"
        toasts={{ success: ({ message }) => message }}
        onChange={(data) => data.rules && setTyped(data.rules)}
        // What the form holds, the hidden older read/write pair included: the server lets the rules win.
        onSubmit={async (body) => {
          const result = await callApi(setCollectionAccess({ path, body }));
          await refresh('getCollectionAccess');
          return result;
        }}
      />
      <TryAs appId={appId} rules={typed} as={as} onAs={setAs} trial={trial} />
    </>
  );
}

export function AccessRules({ appId, name }: { appId: string; name: string }) {
  const access = useQuery(getCollectionAccessOptions({ path: { appId, name } }));
  return (
    <section className="dp-card db-access" aria-labelledby="db-rules-title">
      <h2 id="db-rules-title">Rules</h2>
      <p className="dp-muted">Who may list, view, create, update and delete this collection&apos;s documents through the public API. The app itself passes every rule.</p>
      <Loading active={access.isPending}>
        {access.isError && <p className="dp-error" role="alert">{errorMessage(access.error)}</p>}
        {access.data && <RulesForm key={name} appId={appId} name={name} saved={access.data.data} />}
      </Loading>
    </section>
  );
}
