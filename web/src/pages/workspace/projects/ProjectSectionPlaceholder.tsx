// The project's widgets list, built by the widgets part of issue 9, until its screen is routed here.
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
