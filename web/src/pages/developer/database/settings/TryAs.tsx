// "Try as" (issue 28): pick the app, an anonymous caller or one of the app's users and see which
// documents that caller would list under the rules as typed (use-rules-trial.ts). The server
// checks the rules with the parser a save uses; its problem shows under the filter in the form
// and here. An empty answer says why, from the list rule.
import type { UseQueryResult } from '@tanstack/react-query';
import { useQuery } from '@tanstack/react-query';
import { listAppUsersOptions } from '../../../../../../generated/client/@tanstack/react-query.gen';
import type { AppUser, DataRules, DbDocument } from '../../../../../../generated/client/types.gen';
import { errorMessage } from '../../lib/toasts';

/** Users offered in the picker: the newest 20 installations. */
const USERS_SHOWN = 20;

type Trial = UseQueryResult<{ items: DbDocument[]; total: number }>;

const labelOf = (doc: Record<string, unknown>): string => {
  const text = Object.entries(doc).find(([key, value]) => !key.startsWith('_') && typeof value === 'string');
  return text ? String(text[1]) : String(doc._id);
};

/** Why a caller gets no documents, read from the list rule. */
export function emptyReason({ list, as }: { list: DataRules['list']; as: string }): string {
  if (as === 'app') return 'The collection has no documents yet.';
  if (list.kind === 'locked') return 'The list rule is locked: only the app lists these documents.';
  if (as === 'anonymous' && (list.kind === 'users' || list.kind === 'owner')) return 'An anonymous caller gets none: the list rule needs an app user.';
  if (list.kind === 'owner') return 'This app user owns none of these documents.';
  if (list.kind === 'filter') return 'No document matches the list filter for this caller.';
  return 'The collection has no documents yet.';
}

function Documents({ items, total, owners }: { items: DbDocument[]; total: number; owners: Map<string, string> }) {
  return (
    <>
      <p className="db-try__count">{total === 1 ? '1 document' : `${total.toLocaleString()} documents`}{total > items.length ? `, the newest ${items.length} shown` : ''}</p>
      <ul className="db-try__docs">
        {items.map((doc) => (
          <li key={doc._id}>
            {labelOf(doc)}
            {typeof doc._owner === 'string' && <span className="dp-muted"> · owned by {owners.get(doc._owner) ?? doc._owner}</span>}
          </li>
        ))}
      </ul>
    </>
  );
}

export function TryAs({ appId, rules, as, onAs, trial }: { appId: string; rules: DataRules; as: string; onAs: (as: string) => void; trial: Trial }) {
  const users = useQuery(listAppUsersOptions({ path: { appId }, query: { limit: USERS_SHOWN } }));
  const owners = new Map((users.data?.data.docs ?? []).map((user: AppUser) => [user.id, user.accountName]));
  return (
    <section className="db-try" aria-labelledby="db-try-title">
      <h3 id="db-try-title">Try as</h3>
      <p className="dp-muted">See which documents a caller would list under the rules above, before you save them.</p>
      <label className="db-try__caller">
        <span className="sf-label">Caller</span>
        <select value={as} onChange={(event) => onAs(event.target.value)}>
          <option value="anonymous">Anonymous (no credentials)</option>
          <option value="app">The app (App ID and App Secret)</option>
          {users.data && users.data.data.docs.length > 0 && (
            <optgroup label={`App users (the newest ${USERS_SHOWN})`}>
              {users.data.data.docs.map((user) => (
                <option key={user.id} value={`user:${user.id}`}>
                  {user.accountName} ({user.accountEmail})
                </option>
              ))}
            </optgroup>
          )}
        </select>
      </label>
      {users.isError && <p className="dp-error">App users could not be loaded: {errorMessage(users.error)}</p>}
      <div className="db-try__result" role="status" aria-busy={trial.isFetching}>
        {trial.isPending && <p className="dp-muted">Trying the rules…</p>}
        {trial.isError && <p className="dp-error">Cannot try these rules. {errorMessage(trial.error)}</p>}
        {trial.data && trial.data.total === 0 && <p className="dp-muted">No documents. {emptyReason({ list: rules.list, as })}</p>}
        {trial.data && trial.data.total > 0 && <Documents items={trial.data.items} total={trial.data.total} owners={owners} />}
      </div>
    </section>
  );
}
