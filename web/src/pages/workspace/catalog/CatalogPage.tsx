// /user/dashboard/catalog and /user/dashboard/projects/{projectId}/catalog (spec 003 "Widget
// catalog"): search, Home (apps grouped by tag, icons for popular / trending / new), the tag
// filters, All, and the category buttons with their counts. Cards open the app's editor, in
// the project when there is one.
import { useState } from 'react';
import { useParams } from 'react-router';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { listCatalogAppsOptions } from '../../../../../generated/client/@tanstack/react-query.gen';
import type { CatalogApp, CatalogCount } from '../../../../../generated/client/types.gen';
import { CATALOG_MESSAGES, tagIcon } from '../../../../../rules/catalog';
import { EmptyState } from '../../../components/EmptyState';
import { AppGrid } from './AppCard';
import { TagIcon } from './TagIcon';
import { useCreateRefusal } from './use-create-refusal';
import './catalog.css';

type View = { kind: 'home' } | { kind: 'all' } | { kind: 'tag'; name: string } | { kind: 'category'; name: string };

/** Home's groups: the tags with an icon first, then the others, each as the server counted them. */
const homeTags = (tags: CatalogCount[]): string[] =>
  [...tags.filter((t) => tagIcon(t.name)), ...tags.filter((t) => !tagIcon(t.name))].map((t) => t.name);

function FilterButton({ active, onClick, children, count }: { active: boolean; onClick: () => void; children: React.ReactNode; count?: number }) {
  return (
    <button type="button" className="catalog-filter" aria-pressed={active} onClick={onClick}>
      {children}
      {count === undefined ? null : <span className="catalog-filter__count">{count}</span>}
    </button>
  );
}

function HomeGroups({ apps, tags, projectId, refusal }: { apps: CatalogApp[]; tags: CatalogCount[]; projectId?: string; refusal?: string }) {
  return (
    <>
      {homeTags(tags).map((tag) => (
        <section key={tag} className="catalog-group" aria-label={tag}>
          <h2>
            <TagIcon tag={tag} />
            {tag}
          </h2>
          <AppGrid apps={apps.filter((app) => app.tags.includes(tag))} projectId={projectId} refusal={refusal} label={`${tag} widgets`} />
        </section>
      ))}
    </>
  );
}

export default function CatalogPage() {
  const { projectId } = useParams();
  const { refusal } = useCreateRefusal(projectId);
  const [search, setSearch] = useState('');
  const [view, setView] = useState<View>({ kind: 'home' });
  const query = {
    ...(search.trim() ? { search: search.trim() } : {}),
    ...(view.kind === 'tag' ? { tag: view.name } : {}),
    ...(view.kind === 'category' ? { category: view.name } : {}),
  };
  const { data, isPending } = useQuery({ ...listCatalogAppsOptions({ query }), placeholderData: keepPreviousData });
  const list = data?.data;
  // The filter row comes from the unfiltered catalog so that every button stays while one is chosen.
  const { data: everything } = useQuery(listCatalogAppsOptions({ query: {} }));
  const allTags = everything?.data.tags ?? [];
  const categories = list?.categories ?? [];
  const is = (kind: View['kind'], name?: string) => view.kind === kind && (name === undefined || ('name' in view && view.name === name));

  return (
    <section>
      <header className="page-header">
        <h1>Widget catalog</h1>
        <p>{refusal ?? `Pick a widget to add to ${projectId ? 'this project' : 'your site'}.`}</p>
      </header>
      <input
        className="catalog-search"
        type="search"
        placeholder="Search widgets"
        aria-label="Search widgets"
        value={search}
        maxLength={100}
        onChange={(event) => setSearch(event.target.value)}
      />
      <nav className="catalog-filters" aria-label="Catalog filters">
        <FilterButton active={is('home')} onClick={() => setView({ kind: 'home' })}>
          Home
        </FilterButton>
        {allTags
          .filter((t) => tagIcon(t.name))
          .map((t) => (
            <FilterButton key={t.name} active={is('tag', t.name)} onClick={() => setView({ kind: 'tag', name: t.name })}>
              <TagIcon tag={t.name} />
              {t.name}
            </FilterButton>
          ))}
        <span className="catalog-filters__divider" aria-hidden="true" />
        <FilterButton active={is('all')} onClick={() => setView({ kind: 'all' })} count={list?.total}>
          All
        </FilterButton>
        {categories.map((c) => (
          <FilterButton key={c.name} active={is('category', c.name)} onClick={() => setView({ kind: 'category', name: c.name })} count={c.count}>
            {c.name}
          </FilterButton>
        ))}
      </nav>
      {isPending || !list ? null : list.apps.length === 0 ? (
        <EmptyState title={CATALOG_MESSAGES.notFound} text="Try another search or category." />
      ) : view.kind === 'home' ? (
        <HomeGroups apps={list.apps} tags={list.tags} projectId={projectId} refusal={refusal} />
      ) : (
        <AppGrid apps={list.apps} projectId={projectId} refusal={refusal} label="Widgets" titleAs="h2" />
      )}
    </section>
  );
}
