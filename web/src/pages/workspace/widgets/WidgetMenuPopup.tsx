// The row's menu (spec 003: Duplicate, Move to, Rename, Analytics, Live Preview, Delete, and the
// widget's collaborators), each item shown only to a role that may use it; Move to only when
// other projects exist.
import { Link } from 'react-router';
import type { WidgetRow } from '../../../../../generated/client/types.gen';
import { canDo } from '../../../../../rules/workspace-roles';
import type { ProjectRole, WorkspaceAction } from '../../../../../rules/workspace-roles';
import { Modal } from '../../../components/Modal';
import { analyticsLink, previewLink } from './texts';

export type MenuChoice = 'permissions' | 'duplicate' | 'moveTo' | 'componentName' | 'delete';

const ITEMS: ReadonlyArray<{ id: MenuChoice; label: string; action: WorkspaceAction }> = [
  { id: 'permissions', label: 'Collaborators', action: 'manageWidgetCollaborators' },
  { id: 'duplicate', label: 'Duplicate', action: 'duplicateWidget' },
  { id: 'moveTo', label: 'Move to', action: 'moveWidget' },
  { id: 'componentName', label: 'Rename', action: 'renameWidget' },
];

/** A collaborator's analyst and viewer roles rank as a viewer (docs/workspace.md). */
export const rankOf = (role: WidgetRow['role']): ProjectRole => (role === 'analyst' ? 'viewer' : role);

export function WidgetMenuPopup({ widget, canMove, onChoose, onClose }: { widget: WidgetRow; canMove: boolean; onChoose: (choice: MenuChoice) => void; onClose: () => void }) {
  const may = (action: WorkspaceAction) => canDo({ role: rankOf(widget.role), action });
  const items = ITEMS.filter((item) => may(item.action) && (item.id !== 'moveTo' || canMove));
  return (
    <Modal open title={widget.name} onClose={onClose} size="sm">
      <ul className="widget-menu" aria-label={`Actions of ${widget.name}`}>
        {items.map((item) => (
          <li key={item.id}>
            <button type="button" className="btn btn-ghost" onClick={() => onChoose(item.id)}>
              {item.label}
            </button>
          </li>
        ))}
        <li>
          <Link className="btn btn-ghost" to={analyticsLink(widget.guid)}>
            Analytics
          </Link>
        </li>
        <li>
          <a className="btn btn-ghost" href={previewLink(widget.guid)} target="_blank" rel="noreferrer">
            Live Preview
          </a>
        </li>
        {may('deleteWidget') ? (
          <li>
            <button type="button" className="btn btn-ghost resource-action--danger" onClick={() => onChoose('delete')}>
              Delete
            </button>
          </li>
        ) : null}
      </ul>
    </Modal>
  );
}
