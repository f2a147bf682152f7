// Webhooks list (spec 000 section 2): the Webhook schema's list with the Add popup, Edit opening
// the messages page, an activate switch in the status cell and delete with confirmation.
import { useMemo } from 'react';
import { useNavigate, useParams } from 'react-router';
import { updateWebhook } from '../../../../../generated/client/sdk.gen';
import type { Webhook } from '../../../../../generated/client/types.gen';
import { callApi } from '../../../../../forms/call-api';
import { ResourceList } from '../../../components/resource/ResourceList';
import { CellValue } from '../../../components/resource/cells';
import { TEXTS } from '../texts';
import { withToasts } from '../lib/toasts';
import { refresh } from '../lib/queries';
import { appPath } from '../shell/menu';
import { PageHead } from '../ui/PageHead';
import { Switch } from '../ui/Switch';
import { webhooks } from './resource';

const BADGE = { kind: 'badge', options: [] } as const;

// Room for the switch beside its badge; the address wraps rather than hide behind an ellipsis.
const SIZES = { status: { minWidth: 150 }, url: { minWidth: 160, wrapText: true } };

export default function WebhooksPage() {
  const { appId = '' } = useParams();
  const navigate = useNavigate();
  const path = useMemo(() => ({ appId }), [appId]);

  // The status cell is the switch: active <-> inactive (spec 000 section 4), beside its badge.
  const cells = useMemo(() => {
    const toggle = (hook: Webhook) => withToasts({
      run: () => callApi(updateWebhook({ path: { appId, webhookId: hook.id }, body: { status: hook.status === 'active' ? 'inactive' : 'active' } })),
      success: TEXTS.webhookUpdated,
      failure: TEXTS.webhookUpdateFailed,
    }).then(() => refresh('listWebhooks'));
    return {
      status: (hook: Webhook) => (
        <span className="dp-row" style={{ gap: 8 }}>
          <Switch checked={hook.status === 'active'} label={`Active: ${hook.url}`} onChange={() => void toggle(hook)} />
          <CellValue format={BADGE} value={hook.status} />
        </span>
      ),
    };
  }, [appId]);

  return (
    <div className="dp-stack">
      <PageHead title="Webhooks" />
      <ResourceList
        description={webhooks}
        path={path}
        lead="Get notified when something happens in a store that installed your app."
        renderCells={cells}
        columnSizes={SIZES}
        onAction={(_action, hook) => void navigate(appPath(appId, 'webhooks', `webhook/${hook.id}`))}
      />
    </div>
  );
}
