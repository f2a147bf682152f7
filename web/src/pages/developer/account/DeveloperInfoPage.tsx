// Developer Info (spec 000 section 2): the public developer profile, logo upload (images only,
// 3 MB) with a progress bar, link URLs checked before sending.
import { useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { CustomValidator } from '@rjsf/utils';
import { getDeveloperDetailsOptions } from '../../../../../generated/client/@tanstack/react-query.gen';
import { updateDeveloperDetails } from '../../../../../generated/client/sdk.gen';
import { SchemaForm } from '../../../../../forms/SchemaForm';
import { callApi } from '../../../../../forms/call-api';
import { ApiError } from '../../../../../forms/server-errors';
import { LINK_TYPES, linkUrlError } from '../../../../../rules/developer-links';
import { developerInfoSchema, fromDeveloperForm, linkErrorsByKind, toDeveloperForm } from '../lib/developer-form';
import type { DeveloperInfoForm } from '../lib/developer-form';
import { refresh } from '../lib/queries';
import { errorMessage } from '../lib/toasts';
import { TEXTS } from '../texts';
import { Loading } from '../../../components/Loading';
import { PageHead } from '../ui/PageHead';
import { runtimeEntry } from '../../../../../forms/schemas';

const checkLinks: CustomValidator<DeveloperInfoForm> = (data, errors) => {
  for (const type of LINK_TYPES) {
    const url = data?.[type]?.trim();
    const message = url ? linkUrlError({ type, url }) : undefined;
    if (message) errors[type]?.addError(message);
  }
  return errors;
};

export default function DeveloperInfoPage() {
  const developer = useQuery(getDeveloperDetailsOptions());
  const schema = useMemo(() => developerInfoSchema(), []);

  const initial = useMemo(() => (developer.data ? toDeveloperForm(developer.data.data) : {}), [developer.data]);

  const save = async (data: DeveloperInfoForm) => {
    const body = fromDeveloperForm({ form: data, initial });
    try {
      const result = await callApi(updateDeveloperDetails({ body }));
      await refresh('getDeveloperDetails', 'listPublicApps');
      return result;
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      throw new ApiError({ message: error.message, status: error.status, fieldErrors: linkErrorsByKind(error.fieldErrors, body) });
    }
  };

  return (
    <div className="dp-stack">
      <PageHead title="Developer Info" text="Your public profile: store owners see it next to your apps." />
      {developer.isError && <p className="dp-error" role="alert">{errorMessage(developer.error)}</p>}
      <Loading active={developer.isPending}>{developer.data && (
        <section className="dp-card dp-form-card">
          <SchemaForm<DeveloperInfoForm>
            key={developer.dataUpdatedAt}
            entry={runtimeEntry({ name: 'DeveloperInfoForm', schema: schema })}
            formData={initial}
            customValidate={checkLinks}
            submitText="Save"
            toasts={{ pending: TEXTS.saving, success: TEXTS.saved, error: TEXTS.developerFailed }}
            onSubmit={save}
          />
        </section>
      )}</Loading>
    </div>
  );
}
