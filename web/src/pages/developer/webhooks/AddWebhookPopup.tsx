import { useState } from 'react';
import { createWebhook } from '../../../../../generated/client/sdk.gen';
import type { WebhookCreateInput } from '../../../../../generated/client/types.gen';
import { SchemaForm } from '../../../../../forms/SchemaForm';
import { callApi } from '../../../../../forms/call-api';
import { Modal } from '../../../components/Modal';
import { webhookUrlError } from '../lib/webhook-status';
import { refresh } from '../lib/queries';

export function AddWebhookPopup({ appId, open, onClose }: { appId: string; open: boolean; onClose: () => void }) {
  const [urlError, setUrlError] = useState<string>();
  return (
    <Modal open={open} title="Add webhook" onClose={onClose}>
      <p className="dp-muted" style={{ margin: 0 }}>We will POST signed events to this URL.</p>
      <SchemaForm<WebhookCreateInput>
        schemaName="WebhookCreateInput"
        submitText="Add"
        fieldErrors={urlError ? { url: urlError } : undefined}
        canSubmit={(data) => !webhookUrlError(data.url ?? '') && Boolean(data.url?.trim())}
        onChange={(data) => setUrlError(webhookUrlError(data.url ?? ''))}
        toasts={{ pending: 'Adding webhook...', success: (r) => r.message || 'Webhook added' }}
        onSubmit={async (data) => {
          const result = await callApi(createWebhook({ path: { appId }, body: { url: data.url.trim() } }));
          await refresh('listWebhooks');
          onClose();
          return result;
        }}
      />
    </Modal>
  );
}
