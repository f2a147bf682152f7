// Rename (modal state `componentName`) and Move to (`moveTo`): SchemaForm on the parts of
// WidgetUpdateInput the document names (x-ui.forms: rename, move), filled from the widget as
// listed and sent as the form holds them; moving offers the projects the user may create widgets in.
import { useMemo } from 'react';
import { updateWidget } from '../../../../../generated/client/sdk.gen';
import type { Project, WidgetRow, WidgetUpdateInput } from '../../../../../generated/client/types.gen';
import { formPartSchema } from '../../../../../forms/resource/form-parts';
import { formValuesOf } from '../../../../../forms/resource/form-hints';
import { schemaOf } from '../../../../../forms/schemas';
import { ResourceFormPopup } from '../../../components/resource/ResourceFormPopup';
import { useWidgetCall } from './use-widget-call';
import { WidgetUpdateInputSchema } from '../../../../../generated/schemas/WidgetUpdateInput';


export function RenamePopup({ widget, onClose }: { widget: WidgetRow; onClose: () => void }) {
  const save = useWidgetCall();
  const schema = useMemo(() => formPartSchema({ schema: schemaOf(WidgetUpdateInputSchema), part: 'rename' }), []);
  return (
    <ResourceFormPopup<WidgetUpdateInput>
      open
      title="Rename widget"
      entry={WidgetUpdateInputSchema}
      schema={schema}
      formData={formValuesOf<WidgetUpdateInput>({ schema, record: widget })}
      toasts={{ success: ({ message }) => message }}
      onSubmit={(body) => save(updateWidget({ path: { guid: widget.guid }, body }))}
      onClose={onClose}
    />
  );
}

type Properties = Readonly<Record<string, object>>;

/** The move part, its project offered as a choice of the target projects by name. */
export function MovePopup({ widget, targets, onClose }: { widget: WidgetRow; targets: Project[]; onClose: () => void }) {
  const save = useWidgetCall();
  const schema = useMemo(() => {
    const part = formPartSchema({ schema: schemaOf(WidgetUpdateInputSchema), part: 'move' });
    const properties = part.properties as Properties;
    return { ...part, properties: { ...properties, projectId: { ...properties.projectId, type: 'string', enum: targets.map((project) => project.projectId) } } };
  }, [targets]);
  const uiSchema = useMemo(() => ({ projectId: { 'ui:enumNames': targets.map((project) => project.name) } }), [targets]);
  return (
    <ResourceFormPopup<WidgetUpdateInput>
      open
      title={`Move ${widget.name} to`}
      entry={WidgetUpdateInputSchema}
      schema={schema}
      uiSchema={uiSchema}
      formData={{ projectId: targets[0]?.projectId }}
      submitText="Move"
      toasts={{ success: ({ message }) => message }}
      onSubmit={(body) => save(updateWidget({ path: { guid: widget.guid }, body }))}
      onClose={onClose}
    />
  );
}
