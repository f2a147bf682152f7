// The widgets list's popups, one at a time, as the spec's modal states: code, moveTo,
// componentName, duplicate, delete, permissions (and the row menu that leads to them).
import { toast } from 'sonner';
import { deleteWidget, duplicateWidget } from '../../../../../generated/client/sdk.gen';
import type { WidgetRow } from '../../../../../generated/client/types.gen';
import { ConfirmPopup } from '../../../components/ConfirmPopup';
import { AddToSitePopup } from './AddToSitePopup';
import { CollaboratorsPopup } from './CollaboratorsPopup';
import { toastFailure } from './failure';
import { useMoveTargets } from './move-targets';
import { WIDGET_TEXTS } from './texts';
import { useWidgetCall } from './use-widget-call';
import { MovePopup, RenamePopup } from './WidgetFormPopups';
import { WidgetMenuPopup } from './WidgetMenuPopup';

export type WidgetModal = { kind: 'menu' | 'code' | 'moveTo' | 'componentName' | 'duplicate' | 'delete' | 'permissions'; widget: WidgetRow };

function useConfirmed() {
  const call = useWidgetCall();
  return async ({ request, fallback }: { request: Parameters<typeof call>[0]; fallback: string }) => {
    try {
      const answer = (await call(request)) as { message?: string };
      toast.success(answer.message ?? '');
    } catch (thrown) {
      toastFailure({ thrown, fallback });
      throw thrown;
    }
  };
}

export function WidgetPopups({ modal, projectId, onChange }: { modal: WidgetModal | null; projectId: string; onChange: (next: WidgetModal | null) => void }) {
  const targets = useMoveTargets(projectId);
  const confirmed = useConfirmed();
  const close = () => onChange(null);
  if (!modal) return null;
  const { widget } = modal;
  switch (modal.kind) {
    case 'menu':
      return <WidgetMenuPopup widget={widget} canMove={targets.length > 0} onChoose={(kind) => onChange({ kind, widget })} onClose={close} />;
    case 'code':
      return <AddToSitePopup widget={widget} onClose={close} />;
    case 'permissions':
      return <CollaboratorsPopup widget={widget} onClose={close} />;
    case 'componentName':
      return <RenamePopup widget={widget} onClose={close} />;
    case 'moveTo':
      return <MovePopup widget={widget} targets={targets} onClose={close} />;
    case 'duplicate':
      return (
        <ConfirmPopup
          open
          title="Duplicate widget"
          text={`Make a copy of ${widget.name} in this project?`}
          confirmText="Duplicate"
          onConfirm={async () => (await confirmed({ request: duplicateWidget({ path: { guid: widget.guid } }), fallback: WIDGET_TEXTS.duplicateFailed }), close())}
          onCancel={close}
        />
      );
    case 'delete':
      return (
        <ConfirmPopup
          open
          title="Delete widget"
          text={`Delete ${widget.name}? It disappears from every site it is installed on. This cannot be undone.`}
          confirmText="Delete"
          danger
          onConfirm={async () => (await confirmed({ request: deleteWidget({ path: { guid: widget.guid } }), fallback: WIDGET_TEXTS.deleteFailed }), close())}
          onCancel={close}
        />
      );
  }
}
