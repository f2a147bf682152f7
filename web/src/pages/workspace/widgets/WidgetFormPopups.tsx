// Rename (modal state `componentName`) and Move to (`moveTo`): SchemaForm on WidgetUpdateInput,
// each with its one field; moving offers the projects the user may create widgets in.
import { useMemo } from 'react';
import { updateWidget } from '../../../../../generated/client/sdk.gen';
import type { Project, WidgetRow, WidgetUpdateInput } from '../../../../../generated/client/types.gen';
import { ResourceFormPopup } from '../../../components/resource/ResourceFormPopup';
import { pickSchema } from '../../developer/lib/schema';
import { useWidgetCall } from './use-widget-call';

export function RenamePopup({ widget, onClose }: { widget: WidgetRow; onClose: () => void }) {
  const save = useWidgetCall();
  const schema = useMemo(() => pickSchema({ name: 'WidgetUpdateInput', keys: ['name'], required: ['name'] }), []);
  return (
    <ResourceFormPopup<WidgetUpdateInput>
      open
      title="Rename widget"
      schemaName="WidgetUpdateInput"
      schema={schema}
      formData={{ name: widget.name }}
      toasts={{ success: ({ message }) => message }}
      onSubmit={(body) => save(updateWidget({ path: { guid: widget.guid }, body: { name: body.name } }))}
      onClose={onClose}
    />
  );
}

export function MovePopup({ widget, targets, onClose }: { widget: WidgetRow; targets: Project[]; onClose: () => void }) {
  const save = useWidgetCall();
  const schema = useMemo(() => {
    const picked = pickSchema({ name: 'WidgetUpdateInput', keys: ['projectId'], required: ['projectId'] });
    return { ...picked, properties: { projectId: { type: 'string', title: 'Project', enum: targets.map((project) => project.projectId) } } };
  }, [targets]);
  const uiSchema = useMemo(() => ({ projectId: { 'ui:enumNames': targets.map((project) => project.name) } }), [targets]);
  return (
    <ResourceFormPopup<WidgetUpdateInput>
      open
      title={`Move ${widget.name} to`}
      schemaName="WidgetUpdateInput"
      schema={schema}
      uiSchema={uiSchema}
      formData={{ projectId: targets[0]?.projectId }}
      submitText="Move"
      toasts={{ success: ({ message }) => message }}
      onSubmit={(body) => save(updateWidget({ path: { guid: widget.guid }, body: { projectId: body.projectId } }))}
      onClose={onClose}
    />
  );
}
