// The screens of declared resources (issue 23 item 3): every component schema with an
// `x-resource` block (rules/resource-declaration.ts) gets a list screen, a route and a menu
// entry with no hand-written page. This module reads them from the document's schemas as plain
// data (the web build inlines the result, web/declared-screens-plugin.ts); declared-description.ts
// turns one into a resource description. docs/extending.md, "Shown with no hand-written screen".
import { hasGeneratedScreen, kebabName, nameWords, parseDeclaration } from '../../rules/resource-declaration';
import type { EntitySchema, ResourceAction, ResourceDeclaration, ResourceScope } from '../../rules/resource-declaration';
import { PROJECT_ROLE_RANK } from '../../rules/workspace-roles';
import type { ProjectRole } from '../../rules/workspace-roles';
import type { JsonSchema } from '../schemas';

/** Where the menu entry shows: the project's sidebar, the app's side menu, or the dashboard's. */
export type ScreenMenu = 'project' | 'app' | 'user';

/** A resource's screen as data (JSON: the build inlines it in the route table). */
export type DeclaredScreen = Pick<ResourceDeclaration, 'name' | 'plural' | 'collection' | 'path' | 'scope' | 'roles' | 'search' | 'sort' | 'relations'> & {
  /** The last part of the screen's address: the plural in kebab case ('app-notes'). */
  slug: string;
  title: string;
  /** The menu of the resource's scope; `screen.menu` naming another one is not followed (the route needs the scope's id). */
  menu: ScreenMenu;
  /** False when the declaration has no `screen`: the route exists, the menu shows no entry. */
  inMenu: boolean;
  icon?: string;
  /** A singular noun for buttons and popups ('announcement'). */
  noun: string;
  /** The property naming a record in buttons and the delete question (the first searchable, else the first required text). */
  labelField: string;
  record: JsonSchema;
  input: JsonSchema;
  update: JsonSchema;
};

const MENU_OF: Record<ResourceScope, ScreenMenu> = { project: 'project', app: 'app', user: 'user' };

function labelFieldOf({ declaration, record }: { declaration: ResourceDeclaration; record: EntitySchema }): string {
  const properties = record.properties ?? {};
  const text = (field: string) => properties[field]?.type === 'string';
  return declaration.search.find(text) ?? (record.required ?? []).find((field) => field !== 'id' && text(field)) ?? 'id';
}

/** Every declared resource of the schemas (a document's components.schemas), with its screen. */
export function declaredScreens(schemas: Readonly<Record<string, JsonSchema>>): DeclaredScreen[] {
  return Object.entries(schemas)
    .filter(([, schema]) => schema['x-resource'] !== undefined)
    .map(([name, schema]) => ({ name, schema, declaration: parseDeclaration({ name, schema: schema as EntitySchema }) }))
    .filter(({ declaration }) => hasGeneratedScreen(declaration))
    .map(({ name, schema, declaration }) => {
      const record = schema as EntitySchema;
      const { plural, collection, path, scope, roles, search, sort, relations, screen } = declaration;
      return {
        name, plural, collection, path, scope, roles, search, sort, relations,
        slug: kebabName(plural),
        title: screen?.title ?? nameWords(plural),
        menu: MENU_OF[scope],
        inMenu: screen !== undefined,
        ...(screen?.icon ? { icon: screen.icon } : {}),
        noun: nameWords(name).toLowerCase(),
        labelField: labelFieldOf({ declaration, record }),
        record: schema,
        input: schemas[`${name}Input`] ?? {},
        update: schemas[`${name}UpdateInput`] ?? {},
      };
    });
}

/**
 * What the caller may do: in a project, their role must reach the action's declared role (spec
 * 003 ranks; nothing while the role is unknown); a user's or an app's records are the caller's
 * own (the server checks ownership), so every action shows.
 */
export function mayAct({ screen, role, action }: { screen: Pick<DeclaredScreen, 'scope' | 'roles'>; role?: ProjectRole | null; action: ResourceAction }): boolean {
  if (screen.scope !== 'project') return true;
  return role ? PROJECT_ROLE_RANK[role] >= PROJECT_ROLE_RANK[screen.roles[action]] : false;
}

/** The screen's address with the scope's ids filled in. */
export function screenPath({ screen, ids }: { screen: Pick<DeclaredScreen, 'menu' | 'slug'>; ids: { projectId?: string; appId?: string } }): string {
  const at = (id = '') => encodeURIComponent(id);
  if (screen.menu === 'project') return `/user/dashboard/projects/${at(ids.projectId)}/${screen.slug}`;
  if (screen.menu === 'app') return `/developer/apps/${at(ids.appId)}/${screen.slug}`;
  return `/user/dashboard/${screen.slug}`;
}
