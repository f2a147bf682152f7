// Collaborators of one widget (modal state `permissions`): invite by email with a role (viewer
// by default; Send Invite disabled while the email is empty), which creates the pending
// permission and mails the link, and the list with removal.
import { useMemo, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { addWidgetPermission, sendWidgetInvitation } from '../../../../../generated/client/sdk.gen';
import type { WidgetPermissionInput, WidgetRow } from '../../../../../generated/client/types.gen';
import { callApi } from '../../../../../forms/call-api';
import { SchemaForm } from '../../../../../forms/SchemaForm';
import { Modal } from '../../../components/Modal';
import { ResourceList } from '../../../components/resource/ResourceList';
import { refreshOperations } from '../../../components/resource/use-resource';
import { toastFailure } from './failure';
import { widgetCollaborators } from './resources';
import { WIDGET_TEXTS } from './texts';

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
  return (
    <Modal open title={`Collaborators of ${widget.name}`} onClose={onClose} size="lg">
      <SchemaForm<WidgetPermissionInput>
        key={round}
        schemaName="WidgetPermissionInput"
        formData={NEW_INVITE}
        submitText="Send Invite"
        canSubmit={(data) => Boolean(data.userDetails?.email?.trim())}
        onSubmit={invite}
        className="widget-invite"
      />
      <ResourceList description={widgetCollaborators} path={path} />
    </Modal>
  );
}
