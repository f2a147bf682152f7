// "Try as" (issue 28): pick the app, an anonymous caller or one of the app's users and see which
// documents that caller would list under the rules as typed. The server checks the rules with the
// parser a save uses, so a broken filter shows its problem here before it is saved.
import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { listAppUsersOptions } from '../../../../../../generated/client/@tanstack/react-query.gen';
import { tryCollectionRules } from '../../../../../../generated/client/sdk.gen';
import type { DataRules } from '../../../../../../generated/client/types.gen';
import { callApi } from '../../../../../../forms/call-api';
import { errorMessage } from '../../lib/toasts';

/** Users offered in the picker: the newest 20 installations. */
const USERS_SHOWN = 20;

const labelOf = (doc: Record<string, unknown>): string => {
  const text = Object.entries(doc).find(([key, value]) => !key.startsWith('_') && typeof value === 'string');
  return text ? String(text[1]) : String(doc._id);
};

export function TryAs({ appId, name, rules }: { appId: string; name: string; rules: DataRules }) {
  const [as, setAs] = useState('anonymous');
  const users = useQuery(listAppUsersOptions({ path: { appId }, query: { limit: USERS_SHOWN } }));
  const trial = useQuery({
    queryKey: ['tryCollectionRules', appId, name, as, rules],
    queryFn: async () => (await callApi(tryCollectionRules({ path: { appId, name }, body: { as, rules } }))).data,
    retry: false,
  });
  return (
    <div className="dp-stack" aria-label="Try as">
      <h3>Try as</h3>
      <label>
        Caller{' '}
        <select value={as} onChange={(event) => setAs(event.target.value)}>
          <option value="anonymous">Anonymous (no credentials)</option>
          <option value="app">The app</option>
          {users.data?.data.docs.map((user) => (
            <option key={user.id} value={`user:${user.id}`}>
              {user.accountName} ({user.accountEmail})
            </option>
          ))}
        </select>
      </label>
      {trial.isError && (
        <p className="dp-error" role="alert">
          {errorMessage(trial.error)}
        </p>
      )}
      {trial.data && (
        <div role="status">
          <p>{trial.data.total === 1 ? '1 document' : `${trial.data.total} documents`}</p>
          <ul>
            {trial.data.items.map((doc) => (
              <li key={doc._id}>{labelOf(doc)}</li>
            ))}
          </ul>
        </div>
      )}
    </div>
  );
}
