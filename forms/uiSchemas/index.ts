// uiSchemas by schema name: SchemaForm looks up the one registered under its schemaName.
// Each area keeps its own file here and adds one spread line below.
import type { UiSchema } from '@rjsf/utils';
import { showcaseUiSchemas } from './showcase';
import { accountsUiSchemas } from './accounts';
import { developerUiSchemas } from './developer';
import { accountProfileUiSchemas } from './account-profile';
import { paymentsUiSchemas } from './payments';
import { workspaceCatalogUiSchemas } from './workspace-catalog';
import { workspaceProjectsUiSchemas } from './workspace-projects';
import { workspaceWidgetsUiSchemas } from './workspace-widgets';
import { billingUiSchemas } from './billing';

export const uiSchemas: Record<string, UiSchema> = {
  ...showcaseUiSchemas,
  ...accountsUiSchemas,
  ...developerUiSchemas,
  ...accountProfileUiSchemas,
  ...paymentsUiSchemas,
  ...workspaceCatalogUiSchemas,
  ...workspaceProjectsUiSchemas,
  ...workspaceWidgetsUiSchemas,
  ...billingUiSchemas,
};
