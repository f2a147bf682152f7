import { useNavigate } from 'react-router';
import { createApp } from '../../../../../generated/client/sdk.gen';
import type { AppCreateInput } from '../../../../../generated/client/types.gen';
import { SchemaForm } from '../../../../../forms/SchemaForm';
import { callApi } from '../../../../../forms/call-api';
import { Modal } from '../../../components/Modal';
import { refresh } from '../lib/queries';
import { checkAppName } from '../lib/app-name';
import { appPath } from '../shell/menu';
import { AppCreateInputSchema } from '../../../../../generated/schemas/AppCreateInput';

/** The creation step: the AppCreateInput form (the name: 3-50 characters, trimmed by the server), then opens the new app. */
export function CreateAppPopup({ open, onClose }: { open: boolean; onClose: () => void }) {
  const navigate = useNavigate();
  return (
    <Modal open={open} title="Create a New App" onClose={onClose}>
      <SchemaForm<AppCreateInput>
        entry={AppCreateInputSchema}
        customValidate={checkAppName}
        submitText="Create App"
        toasts={{ pending: 'Creating app...', success: 'App created' }}
        onSubmit={async (data) => {
          const result = await callApi(createApp({ body: data }));
          await refresh('listApps');
          onClose();
          void navigate(appPath(result.data.appId));
          return result;
        }}
      />
    </Modal>
  );
}
