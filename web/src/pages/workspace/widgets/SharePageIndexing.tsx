// Under the share link in Add to site: whether search engines may index the share page, the
// `share` part of WidgetUpdateInput (x-ui.forms) filled from the widget's own answer. Those
// below the editor rank see the choice but cannot change it (the server refuses them too).
import { useMemo } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { updateWidget } from '../../../../../generated/client/sdk.gen';
import { getWidgetOptions } from '../../../../../generated/client/@tanstack/react-query.gen';
import type { WidgetUpdateInput } from '../../../../../generated/client/types.gen';
import { WidgetUpdateInputSchema } from '../../../../../generated/schemas/WidgetUpdateInput';
import { SchemaForm } from '../../../../../forms/SchemaForm';
import { formPartSchema } from '../../../../../forms/resource/form-parts';
import { formValuesOf } from '../../../../../forms/resource/form-hints';
import { schemaOf } from '../../../../../forms/schemas';
import { canDo, widgetRoleRank } from '../../../../../rules/workspace-roles';
import { useWidgetCall } from './use-widget-call';

export function SharePageIndexing({ guid }: { guid: string }) {
  const call = useWidgetCall();
  const client = useQueryClient();
  const options = getWidgetOptions({ path: { guid } });
  const widget = useQuery({ ...options, retry: false });
  const schema = useMemo(() => formPartSchema({ schema: schemaOf(WidgetUpdateInputSchema), part: 'share' }), []);
  const record = widget.data?.data;
  if (!record) return null;
  const readOnly = record.role !== undefined && !canDo({ role: widgetRoleRank(record.role), action: 'editWidget' });
  return (
    <SchemaForm<WidgetUpdateInput>
      key={record.updated}
      entry={WidgetUpdateInputSchema}
      schema={schema}
      formData={formValuesOf<WidgetUpdateInput>({ schema, record })}
      submitText="Save"
      disabled={readOnly}
      toasts={{ pending: 'Saving…', success: 'Share page setting saved' }}
      onSubmit={async (body) => {
        const answer = await call(updateWidget({ path: { guid }, body }));
        await client.invalidateQueries({ queryKey: options.queryKey });
        return answer;
      }}
      className="widget-code__share-indexing"
    />
  );
}
