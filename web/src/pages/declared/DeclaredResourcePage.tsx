// The screen of a declared resource (issue 23 item 3), with no page of its own: the list (search,
// sort, paging, column choice, create, edit and delete popups) or, at `<screen>/:id`, one
// record's details. In a project the caller's role hides the actions it does not reach.
import { useMemo } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { getProjectOptions } from '../../../../generated/client/@tanstack/react-query.gen';
import { screenPath } from '../../../../forms/resource/declared';
import type { DeclaredScreen } from '../../../../forms/resource/declared';
import { declaredDescription } from '../../../../forms/resource/declared-description';
import type { DeclaredDescription, DeclaredPath, DeclaredRow } from '../../../../forms/resource/declared-description';
import { relationSourcesOf } from '../../../../forms/resource/relation-sources';
import { toFormFailure } from '../../../../forms/server-errors';
import { ResourceList } from '../../components/resource/ResourceList';
import { ResourceDetails } from '../../components/resource/ResourceDetails';
import { useResourceGet } from '../../components/resource/use-resource';
import { EmptyState } from '../../components/EmptyState';
import { DECLARED_SCREENS } from './screens';
import { relationCells } from './relation-cells';
import { runtimeEntry } from '../../../../forms/schemas';

type Cells = ReturnType<typeof relationCells>;

function DeclaredDetails({ screen, description, path, id, back, cells }: { screen: DeclaredScreen; description: DeclaredDescription; path: DeclaredPath; id: string; back: string; cells: Cells }) {
  const record = useResourceGet({ operation: description.get, args: { path: { ...path, id } } });
  const fields = useMemo(() => ['id', ...(description.columns ?? []).map(String)], [description.columns]);
  const backLink = (
    <Link className="btn btn-secondary" to={back}>
      Back to {screen.title}
    </Link>
  );
  if (record.isError) return <EmptyState title={toFormFailure(record.error).message} action={backLink} />;
  const row = record.data?.data;
  return (
    <section aria-label={screen.title}>
      <header className="dp-page-head">
        <h1>{row ? String(row[screen.labelField] ?? row.id) : screen.title}</h1>
        {backLink}
      </header>
      {row ? <ResourceDetails entry={runtimeEntry({ name: screen.name, schema: screen.record })} record={row} fields={fields} renderCells={cells} /> : <p aria-busy="true">Loading…</p>}
    </section>
  );
}

/** `screens`: every declared screen (a relation's picker lists the resource it points to). */
export function DeclaredResourcePage({ screen, screens = DECLARED_SCREENS }: { screen: DeclaredScreen; screens?: ReadonlyArray<DeclaredScreen> }) {
  const { projectId = '', appId = '', id } = useParams();
  const navigate = useNavigate();
  const project = useQuery({ ...getProjectOptions({ path: { projectId } }), enabled: screen.scope === 'project' });
  const role = project.data?.data.userProjectRole;
  const description = useMemo(() => declaredDescription({ screen, screens, role }), [screen, screens, role]);
  const path = useMemo((): DeclaredPath => {
    if (screen.scope === 'project') return { projectId };
    return screen.scope === 'app' ? { appId } : {};
  }, [screen.scope, projectId, appId]);
  // A relation the web app can list shows the related record's name.
  const cells = useMemo(() => relationCells({ sources: relationSourcesOf({ screen, screens }), path }), [screen, screens, path]);
  // The record's name wraps rather than hide behind an ellipsis; longer texts keep one line.
  const columnSizes = useMemo(() => ({ [screen.labelField]: { minWidth: 160, wrapText: true } }), [screen.labelField]);
  const listPath = screenPath({ screen, ids: { projectId, appId } });
  if (id) return <DeclaredDetails screen={screen} description={description} path={path} id={id} back={listPath} cells={cells} />;
  const open = (action: string, row: DeclaredRow) => {
    if (action === 'details') void navigate(`${listPath}/${encodeURIComponent(row.id)}`);
  };
  return <ResourceList description={description} path={path} page onAction={open} renderCells={cells} columnSizes={columnSizes} />;
}
