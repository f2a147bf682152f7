// How the Rules form reads (issue 28): each of the five rules a select named by what it governs,
// its kinds in words, and its filter box only when the rule is a filter, so a developer sees five
// short choices instead of five anonymous "Rule" boxes with a filter each.
import type { UiSchema } from '@rjsf/utils';
import type { DataRules } from '../../../../../../generated/client/types.gen';

type RuleName = keyof DataRules;

export const RULE_TEXTS: Record<RuleName, { title: string; help: string }> = {
  list: { title: 'List', help: 'Who may list and count documents. A list answers only the documents this rule lets the caller see.' },
  view: { title: 'View', help: 'Who may read one document by its id.' },
  create: { title: 'Create', help: 'Who may add documents. A document an app user adds is theirs.' },
  update: { title: 'Update', help: 'Who may change a document.' },
  delete: { title: 'Delete', help: 'Who may delete a document.' },
};

/** In the schema's order: locked, anyone, users, owner, filter. */
const KIND_NAMES = ['Locked: the app only', 'Anyone, without credentials', 'Any app user', "The document's owner", 'Documents matching a filter'];

const FILTER_HELP = 'A filter in the query grammar on the fields and _id, _created, _updated, _owner; "@caller" stands for the calling app user.';

function ruleUi({ name, rules }: { name: RuleName; rules?: DataRules }): UiSchema {
  const { title, help } = RULE_TEXTS[name];
  const isFilter = rules?.[name]?.kind === 'filter';
  return {
    'ui:label': false,
    'ui:classNames': 'db-rule',
    kind: { 'ui:title': title, 'ui:widget': 'select', 'ui:enumNames': KIND_NAMES, 'ui:help': help },
    filter: isFilter
      ? { 'ui:title': `${title} filter`, 'ui:widget': 'textarea', 'ui:placeholder': '{"$or":[{"published":true},{"_owner":"@caller"}]}', 'ui:help': FILTER_HELP }
      : { 'ui:widget': 'hidden' },
  };
}

/** The form's uiSchema for the rules as they stand (a filter box shows once its rule is a filter). */
export function rulesFormUi(rules?: DataRules): UiSchema {
  return {
    'ui:order': ['rules', 'origins', 'documentWebhooks', '*'],
    rules: {
      'ui:label': false,
      'ui:classNames': 'db-rules',
      list: ruleUi({ name: 'list', rules }),
      view: ruleUi({ name: 'view', rules }),
      create: ruleUi({ name: 'create', rules }),
      update: ruleUi({ name: 'update', rules }),
      delete: ruleUi({ name: 'delete', rules }),
    },
    read: { 'ui:widget': 'hidden' },
    write: { 'ui:widget': 'hidden' },
    origins: {
      'ui:description': 'Web pages on these origins may call this collection from the browser (scheme and host, no path). None: pages on other sites cannot read the answers.',
      'ui:options': { orderable: false, addText: 'Add origin' },
      items: { 'ui:title': 'Origin', 'ui:placeholder': 'https://shop.example' },
    },
    documentWebhooks: { 'ui:help': "Send document.created, document.updated and document.deleted to the app's webhooks." },
  };
}
