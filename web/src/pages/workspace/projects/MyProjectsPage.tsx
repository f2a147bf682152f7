// My Projects (spec 003 "Projects list"): the Uncategorized Widgets card, a card per project,
// the create tile, and a search box once there are more than 4 projects. At the plan's websites
// limit, Create opens the upgrade popup before the form (spec 003: creation is blocked); should the
// limit be unknown or stale, the server's refusal opens it after.
import { useState } from 'react';
import { Link } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { getPlanFeaturesOptions, getProjectOptions, listProjectsOptions } from '../../../../../generated/client/@tanstack/react-query.gen';
import { countOf } from '../../../../../rules/plural';
import { UNCATEGORIZED } from '../../../../../rules/workspace-roles';
import { Loading } from '../../../components/Loading';
import { CreateProjectPopup } from './CreateProjectPopup';
import { ProjectCards } from './ProjectCard';
import { PROJECT_TEXTS, projectPath } from './plan-limit';
import { UpgradePopup } from './UpgradePopup';
import { ViewsMeter } from './ViewsMeter';
import './projects.css';

/** Spec 003 section 9: the project search appears above 4 projects. */
export const SEARCH_ABOVE = 4;

function UncategorizedCard() {
  const { data } = useQuery(getProjectOptions({ path: { projectId: UNCATEGORIZED } }));
  const count = data?.data.totalComponents;
  return (
    <Link className="card project-card project-card--uncategorized" to={projectPath(UNCATEGORIZED)}>
      <span className="project-thumb project-thumb--lg" aria-hidden="true">
        ⋯
      </span>
      <span className="project-card__body">
        <strong className="project-card__name">{PROJECT_TEXTS.uncategorized}</strong>
        <span className="project-card__meta">{count === undefined ? 'Widgets outside any project' : countOf({ count, one: 'widget' })}</span>
      </span>
    </Link>
  );
}

export default function MyProjectsPage() {
  const [search, setSearch] = useState('');
  const [creating, setCreating] = useState(false);
  const [upgrading, setUpgrading] = useState(false);
  const projects = useQuery(listProjectsOptions());
  const websites = useQuery(getPlanFeaturesOptions()).data?.data.websites;
  const all = projects.data?.data ?? [];
  const owned = all.filter((project) => project.userProjectRole === 'owner').length;
  const atLimit = websites !== undefined && projects.isSuccess && owned >= websites;
  const term = search.trim().toLowerCase();
  const shown = all.filter((project) => project.name.toLowerCase().includes(term));

  return (
    <section>
      <header className="page-header projects-head">
        <h1>My Projects</h1>
        {all.length > SEARCH_ABOVE ? (
          <input className="input projects-search" type="search" placeholder="Search projects" aria-label="Search projects" value={search} onChange={(e) => setSearch(e.target.value)} />
        ) : null}
      </header>
      {projects.isError ? <p role="alert">{PROJECT_TEXTS.failure}</p> : null}
      <Loading active={projects.isPending}>
        <div className="project-grid">
          <UncategorizedCard />
          <ProjectCards projects={shown} label="Projects" />
          <button type="button" className="card project-card project-card--create" onClick={() => (atLimit ? setUpgrading(true) : setCreating(true))}>
            <span className="project-thumb project-thumb--lg" aria-hidden="true">
              +
            </span>
            <span className="project-card__body">
              <strong className="project-card__name">Create a new project</strong>
              <span className="project-card__meta">A website or a group of widgets</span>
            </span>
          </button>
        </div>
      </Loading>
      <ViewsMeter />
      <CreateProjectPopup open={creating} onClose={() => setCreating(false)} onPlanLimit={() => setUpgrading(true)} />
      <UpgradePopup open={upgrading} what="projects" onClose={() => setUpgrading(false)} />
    </section>
  );
}
