// /user/dashboard/projects/{projectId}/...: the in-project pages (the shell shows the project's
// sidebar). A project the caller cannot reach says so instead of its pages.
import { Link, Outlet } from 'react-router';
import { EmptyState } from '../../../components/EmptyState';
import { toFormFailure } from '../../../../../forms/server-errors';
import { PROJECTS_PATH } from './plan-limit';
import { useProject } from './use-project';

export default function ProjectLayout() {
  const { query } = useProject();
  if (query.isError) {
    return <EmptyState title={toFormFailure(query.error).message} action={<Link className="btn btn-primary" to={PROJECTS_PATH}>Back to Projects</Link>} />;
  }
  return <Outlet />;
}
