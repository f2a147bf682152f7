// The in-project pages other parts of issue 9 build (widgets list, media manager) until their
// screens are routed here.
import { EmptyState } from '../../../components/EmptyState';
import { useProject } from './use-project';

export function ProjectSectionPlaceholder({ title }: { title: string }) {
  const { project } = useProject();
  return (
    <section>
      <header className="page-header">
        <h1>{title}</h1>
        {project ? <p>{project.name}</p> : null}
      </header>
      <EmptyState title={`${title} of this project will appear here.`} />
    </section>
  );
}

export const ProjectWidgetsPlaceholder = () => <ProjectSectionPlaceholder title="Widgets" />;
