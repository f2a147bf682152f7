// The editor's two halves: the SchemaForm of the widget's name and settings, and the live
// preview beside it. Save creates the widget (then the address names it) or saves its settings,
// and its name when that changed. A caller whose rank cannot save settings sees the form disabled.
import { useMemo, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { createWidget, updateWidget } from '../../../../../generated/client/sdk.gen';
import type { CatalogApp, WidgetRole } from '../../../../../generated/client/types.gen';
import { canDo, widgetRoleRank } from '../../../../../rules/workspace-roles';
import { SchemaForm } from '../../../../../forms/SchemaForm';
import { analyticsPath, editorPath, livePreviewPath } from './links';
import { useWidgetCall } from '../widgets/use-widget-call';
import { editorSchema, editorUiSchema, splitForm } from './editor-schema';
import type { EditorForm } from './editor-schema';
import { PreviewFrame } from './PreviewFrame';
import { runtimeEntry } from '../../../../../forms/schemas';

export const EDITOR_TEXTS = {
  beforeSave: 'Analytics will be available once you hit Save',
  livePreview: 'Live Preview',
  analytics: 'Analytics',
  viewOnly: 'You can view this widget but not edit it.',
};

interface WidgetEditorProps {
  app: CatalogApp;
  projectId: string | null;
  /** The saved widget; none before the first save. */
  guid?: string;
  initial: EditorForm;
  /** The caller's role on the saved widget; whoever creates a new one may save it. */
  role?: WidgetRole;
}

export function WidgetEditor({ app, projectId, guid, initial, role }: WidgetEditorProps) {
  const navigate = useNavigate();
  const call = useWidgetCall();
  const schema = useMemo(() => editorSchema(app.componentType), [app.componentType]);
  const uiSchema = useMemo(() => editorUiSchema(app.componentType), [app.componentType]);
  const [form, setForm] = useState<Partial<EditorForm>>(initial);
  const [savedName, setSavedName] = useState(initial.name);
  const { settings } = splitForm(form);
  // The server saves settings under the editWidget action (services/workspace/widgets/widgets.ts).
  const readOnly = role !== undefined && !canDo({ role: widgetRoleRank(role), action: 'editWidget' });

  const save = async (data: EditorForm) => {
    const { name, settings: next } = splitForm(data);
    if (!guid) {
      const created = await call(createWidget({ body: { type: app.componentType, name, projectId, settings: next } }));
      void navigate(editorPath({ slug: app.slug, projectId, guid: created.data.guid }), { replace: true });
      return created;
    }
    const answer = await call(updateWidget({ path: { guid }, body: { settings: next, ...(name !== savedName ? { name } : {}) } }));
    setSavedName(name);
    return answer;
  };

  return (
    <div className="widget-editor__panes">
      <section className="widget-editor__form card" aria-label="Settings">
        {readOnly ? <p className="widget-editor__hint">{EDITOR_TEXTS.viewOnly}</p> : null}
        <SchemaForm<EditorForm>
          entry={runtimeEntry({ name: `${app.componentType}-editor`, schema })}
          uiSchema={uiSchema}
          formData={initial}
          submitText="Save"
          disabled={readOnly}
          toasts={{ pending: 'Saving…', success: 'Widget saved' }}
          onChange={setForm}
          onSubmit={save}
        />
      </section>
      <section className="widget-editor__preview" aria-label="Preview">
        <div className="widget-editor__preview-bar">
          {guid ? (
            <>
              <a href={livePreviewPath(guid)} target="_blank" rel="noreferrer">
                {EDITOR_TEXTS.livePreview}
              </a>
              <Link to={analyticsPath(guid)}>{EDITOR_TEXTS.analytics}</Link>
            </>
          ) : (
            <span className="widget-editor__hint">{EDITOR_TEXTS.beforeSave}</span>
          )}
        </div>
        <PreviewFrame type={app.componentType} settings={settings} />
      </section>
    </div>
  );
}
