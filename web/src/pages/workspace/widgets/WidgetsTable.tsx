// The widgets table of a project or of the shared widgets: the resource list with the type
// filter beside the name search, the views cell, row buttons by rank, and the popups.
import { useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import type { WidgetRow, WidgetType } from '../../../../../generated/client/types.gen';
import { canViewAnalytics } from '../../../../../rules/widget-analytics';
import { FORM_TYPES, submissionsPath } from '../../../../../rules/widget-submissions';
import { canDo } from '../../../../../rules/workspace-roles';
import type { WorkspaceAction } from '../../../../../rules/workspace-roles';
import { ResourceList } from '../../../components/resource/ResourceList';
import { projectWidgets, sharedWidgets } from './resources';
import { analyticsLink, editorLink } from './texts';
import { widgetCells } from './WidgetCells';
import { rankOf } from './WidgetMenuPopup';
import { WidgetPopups } from './WidgetPopups';
import type { WidgetModal } from './WidgetPopups';
import './widgets.css';

/**
 * The photo is the picture's width (its widget-picture format sets it); a long name or app and
 * "Please Upgrade" wrap rather than being cut. The narrow minimums let every column beside the pinned row buttons fit 1280 pixels
 * without a sideways scroll, which hid "Refused events" under the buttons.
 */
const COLUMN_SIZES = {
  name: { minWidth: 140, wrapText: true },
  app: { minWidth: 124, wrapText: true },
  updated: { minWidth: 110 },
  views: { minWidth: 116, wrapText: true },
  refusedEvents: { minWidth: 96 },
};

/** On a phone each widget is a block of its values over its buttons: the grid left room for the photo alone. */
const STACK_BELOW = 560;

/** Which role each row button needs; the menu (Analytics, Live Preview) is for everyone. */
const NEEDS: Readonly<Record<string, WorkspaceAction>> = { open: 'editWidget', submissions: 'manageSubmissions' };

/** A shared widget's analytics: its analysts and editors read them, its viewers do not (docs/workspace.md). */
const readsSharedAnalytics = (role: WidgetRow['role']): boolean =>
  (role === 'viewer' || role === 'analyst' || role === 'editor') && canViewAnalytics({ projectRole: null, collaboratorRole: role });

function TypeFilter({ types, value, onChange }: { types: ReadonlyArray<WidgetType>; value: string; onChange: (type: string) => void }) {
  return (
    <select className="input input-sm" aria-label="Filter by type" value={value} onChange={(event) => onChange(event.target.value)}>
      <option value="">All types</option>
      {types.map((type) => (
        <option key={type.type} value={type.type}>
          {type.name}
        </option>
      ))}
    </select>
  );
}

export function WidgetsTable({ projectId, types }: { projectId?: string; types: ReadonlyArray<WidgetType> }) {
  const [type, setType] = useState('');
  const [modal, setModal] = useState<WidgetModal | null>(null);
  const navigate = useNavigate();
  const ofProject = useMemo(() => projectWidgets({ type }), [type]);
  const ofShared = useMemo(() => sharedWidgets({ type }), [type]);
  const path = useMemo(() => ({ projectId: projectId ?? '' }), [projectId]);
  const act = (action: string, widget: WidgetRow) => {
    if (action === 'open') void navigate(editorLink(widget));
    else if (action === 'analytics') void navigate(analyticsLink(widget.guid));
    else if (action === 'submissions') void navigate(submissionsPath(widget.guid));
    else setModal({ kind: action as WidgetModal['kind'], widget });
  };
  const shown = (action: string, widget: WidgetRow) => {
    if (action === 'analytics') return readsSharedAnalytics(widget.role);
    // Only form widgets store what visitors send.
    if (action === 'submissions' && !FORM_TYPES.has(widget.type)) return false;
    const needed = NEEDS[action];
    return !needed || canDo({ role: rankOf(widget.role), action: needed });
  };
  const common = { page: true, renderCells: widgetCells, columnSizes: COLUMN_SIZES, stackBelow: STACK_BELOW, onAction: act, actionShown: shown, toolbar: <TypeFilter types={types} value={type} onChange={setType} /> };
  return (
    <>
      {projectId ? <ResourceList description={ofProject} path={path} {...common} /> : <ResourceList description={ofShared} path={{}} {...common} />}
      <WidgetPopups modal={modal} projectId={projectId ?? ''} onChange={setModal} />
    </>
  );
}
