// Collaborators of one widget (modal state `permissions`): invite by email with a role (viewer
// by default; Send Invite disabled while the email is empty), which creates the pending
// permission and mails the link, and the list (searched and sorted on the server) with Resend
// invite for pending rows and removal.
import { useMemo, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { addWidgetPermission, sendWidgetInvitation } from '../../../../../generated/client/sdk.gen';
import type { WidgetPermission, WidgetPermissionInput, WidgetRow } from '../../../../../generated/client/types.gen';
import { callApi } from '../../../../../forms/call-api';
import { SchemaForm } from '../../../../../forms/SchemaForm';
import { Modal } from '../../../components/Modal';
import { ResourceList } from '../../../components/resource/ResourceList';
import { refreshOperations } from '../../../components/resource/use-resource';
import { toastFailure } from './failure';
import { widgetCollaborators } from './resources';
import { WIDGET_TEXTS } from './texts';
import { WidgetPermissionInputSchema } from '../../../../../generated/schemas/WidgetPermissionInput';

const NEW_INVITE: Partial<WidgetPermissionInput> = { userDetails: { email: '' }, role: 'viewer' };

export function CollaboratorsPopup({ widget, onClose }: { widget: WidgetRow; onClose: () => void }) {
  const client = useQueryClient();
  const path = useMemo(() => ({ guid: widget.guid }), [widget.guid]);
  // A new form after each invitation sent, empty for the next address.
  const [round, setRound] = useState(0);
  const invite = async (values: WidgetPermissionInput) => {
    try {
      const added = await callApi(addWidgetPermission({ path, body: { ...values, componentId: widget.guid } }));
      const { email } = added.data.userDetails;
      const sent = await callApi(
        sendWidgetInvitation({ body: { permissionId: added.data.permissionId, email, componentName: widget.name, componentThumb: widget.previewImage ?? '' } }),
      );
      await refreshOperations(client, ['listWidgetPermissions', 'listProjectWidgets']);
      toast.success(sent.message);
      setRound((n) => n + 1);
      return sent;
    } catch (thrown) {
      toastFailure({ thrown, fallback: WIDGET_TEXTS.inviteFailed });
      throw thrown;
    }
  };
  // Resend invite: a fresh link (the earlier one stops working); the server's message is the toast.
  const resend = async (row: WidgetPermission) => {
    try {
      const sent = await callApi(sendWidgetInvitation({ body: { permissionId: row.permissionId, email: row.userDetails.email, componentName: widget.name, componentThumb: widget.previewImage ?? '' } }));
      toast.success(`${sent.message}: ${row.userDetails.email}`);
    } catch (thrown) {
      toastFailure({ thrown, fallback: WIDGET_TEXTS.inviteFailed });
    }
  };
  return (
    <Modal open title={`Collaborators of ${widget.name}`} onClose={onClose} size="lg">
      <SchemaForm<WidgetPermissionInput>
        key={round}
        entry={WidgetPermissionInputSchema}
        formData={NEW_INVITE}
        submitText="Send Invite"
        canSubmit={(data) => Boolean(data.userDetails?.email?.trim())}
        onSubmit={invite}
        className="widget-invite"
      />
      <ResourceList
        description={widgetCollaborators}
        path={path}
        actionShown={(action, row) => action !== 'resend' || row.status === 'pending'}
        onAction={(action, row) => (action === 'resend' ? void resend(row) : undefined)}
      />
    </Modal>
  );
}
