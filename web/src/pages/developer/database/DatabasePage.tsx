// /developer/apps/{appId}/database (spec 001 section 2): a welcome card with Create Database
// while the app has none (the page reloads 2 s after creating it), else the collections.
import { useState } from 'react';
import { useParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { toast } from 'sonner';
import { getDatabaseOptions } from '../../../../../generated/client/@tanstack/react-query.gen';
import { createDatabase } from '../../../../../generated/client/sdk.gen';
import { callApi } from '../../../../../forms/call-api';
import { EmptyState } from '../../../components/EmptyState';
import { Loading } from '../../../components/Loading';
import { errorMessage, showError } from '../lib/toasts';
import { PageHead } from '../ui/PageHead';
import { CollectionCards } from './CollectionCards';
import { DATABASE_RELOAD_MS, DB_TEXTS } from './texts';
import './database.css';

export default function DatabasePage() {
  const { appId = '' } = useParams();
  const database = useQuery(getDatabaseOptions({ path: { appId } }));
  const [creating, setCreating] = useState(false);

  const create = async () => {
    setCreating(true);
    try {
      const result = await callApi(createDatabase({ path: { appId } }));
      toast.success(result.message || DB_TEXTS.databaseCreated);
      setTimeout(() => window.location.reload(), DATABASE_RELOAD_MS);
    } catch (error) {
      showError({ title: DB_TEXTS.failure, error });
      setCreating(false);
    }
  };

  return (
    <div className="dp-stack">
      <PageHead title={DB_TEXTS.title} text="Collections of your app's own data, with a REST API for each." />
      <Loading active={database.isPending}>
        {database.isError && <p className="dp-error" role="alert">{errorMessage(database.error)}</p>}
        {database.data && !database.data.data.exists && (
          <div className="dp-card">
            <EmptyState
              icon="⛁"
              title={DB_TEXTS.welcomeTitle}
              text={DB_TEXTS.welcomeText}
              action={
                <button type="button" className="btn btn-primary" onClick={() => void create()} disabled={creating} aria-busy={creating}>
                  {creating && <span className="spinner spinner--sm" aria-hidden="true" />}
                  {DB_TEXTS.createDatabase}
                </button>
              }
            />
          </div>
        )}
        {database.data?.data.exists && <CollectionCards appId={appId} />}
      </Loading>
    </div>
  );
}
