// Shared Projects: the projects in which the caller holds an active permission, with their role.
import { useQuery } from '@tanstack/react-query';
import { listSharedProjectsOptions } from '../../../../../generated/client/@tanstack/react-query.gen';
import { EmptyState } from '../../../components/EmptyState';
import { Loading } from '../../../components/Loading';
import { ProjectCards } from './ProjectCard';
import { PROJECT_TEXTS } from './plan-limit';
import './projects.css';

export default function SharedProjectsPage() {
  const projects = useQuery(listSharedProjectsOptions());
  const shared = projects.data?.data ?? [];
  return (
    <section>
      <header className="page-header">
        <h1>Shared Projects</h1>
      </header>
      {projects.isError ? <p role="alert">{PROJECT_TEXTS.failure}</p> : null}
      <Loading active={projects.isPending}>
        {projects.isSuccess && shared.length === 0 ? (
          <EmptyState title="No shared projects yet" text="Projects other people share with you appear here once you accept their invitation." />
        ) : (
          <div className="project-grid">
            <ProjectCards projects={shared} label="Shared projects" />
          </div>
        )}
      </Loading>
    </section>
  );
}
