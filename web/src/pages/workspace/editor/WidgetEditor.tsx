// The editor's two halves: the SchemaForm of the widget's name and settings, in tabs from the
// schema's groups (EditorTabs.tsx), with undo and redo (a failed save opens the first tab in
// error at its first faulty field, use-error-focus.ts); and the live preview beside it at a
// device's width. Save creates the widget (then the address names it) or saves its settings,
// and its name when that changed. Leaving with unsaved changes asks first. A caller whose rank
// cannot save settings sees the form disabled.
import { useMemo, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { createWidget, updateWidget } from '../../../../../generated/client/sdk.gen';
import type { CatalogApp, WidgetRole } from '../../../../../generated/client/types.gen';
import { canDo, widgetRoleRank } from '../../../../../rules/workspace-roles';
import { SchemaForm } from '../../../../../forms/SchemaForm';
import type { SettingsGroup } from '../../../../../forms/resource/ui-hints';
import { analyticsPath, editorPath, livePreviewPath } from './links';
import { useWidgetCall } from '../widgets/use-widget-call';
import { asFormFailure, editorSchema, editorUiSchema, splitForm } from './editor-schema';
import type { EditorForm } from './editor-schema';
import { PreviewFrame } from './PreviewFrame';
import { EditorTabsContext, EditorTabsTemplate } from './EditorTabs';
import { LeaveGuard } from './LeaveGuard';
import { PREVIEW_DEVICES, deviceWidth, saveDevice, savedDevice } from './preview-width';
import type { PreviewDevice } from './preview-width';
import { useEditHistory } from './use-edit-history';
import { useErrorFocus } from './use-error-focus';
import { runtimeEntry } from '../../../../../forms/schemas';
import { FORM_TYPES, submissionsPath } from '../../../../../rules/widget-submissions';

export const EDITOR_TEXTS = {
  beforeSave: 'Analytics will be available once you hit Save',
  livePreview: 'Live Preview',
  analytics: 'Analytics',
  submissions: 'Submissions',
  viewOnly: 'You can view this widget but not edit it.',
  undo: 'Undo',
  redo: 'Redo',
  devices: 'Preview width',
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

const sameForm = (a: Partial<EditorForm>, b: Partial<EditorForm>): boolean => JSON.stringify(a) === JSON.stringify(b);

export function WidgetEditor({ app, projectId, guid, initial, role }: WidgetEditorProps) {
  const navigate = useNavigate();
  const call = useWidgetCall();
  const schema = useMemo(() => editorSchema(app.componentType), [app.componentType]);
  const uiSchema = useMemo(() => ({ ...editorUiSchema(app.componentType), 'ui:ObjectFieldTemplate': EditorTabsTemplate }), [app.componentType]);
  // The server saves settings under the editWidget action (services/workspace/widgets/widgets.ts).
  const readOnly = role !== undefined && !canDo({ role: widgetRoleRank(role), action: 'editWidget' });
  const history = useEditHistory<Partial<EditorForm>>({ initial, enabled: !readOnly });
  const [saved, setSaved] = useState<Partial<EditorForm>>(initial);
  const [tab, setTab] = useState<SettingsGroup>('content');
  const tabs = useMemo(() => ({ active: tab, select: setTab }), [tab]);
  const [device, setDevice] = useState<PreviewDevice>(savedDevice);
  const { container: formPane, onInvalid } = useErrorFocus({ schema, select: setTab });
  const { settings } = splitForm(history.present);

  const save = (data: EditorForm) =>
    send(data).catch((thrown: unknown) => {
      throw asFormFailure(thrown);
    });

  const send = async (data: EditorForm) => {
    const { name, settings: next } = splitForm(data);
    if (!guid) {
      const created = await call(createWidget({ body: { type: app.componentType, name, projectId, settings: next } }));
      setSaved(data);
      void navigate(editorPath({ slug: app.slug, projectId, guid: created.data.guid }), { replace: true });
      return created;
    }
    const answer = await call(updateWidget({ path: { guid }, body: { settings: next, ...(splitForm(saved).name !== name ? { name } : {}) } }));
    setSaved(data);
    return answer;
  };

  const chooseDevice = (next: PreviewDevice) => {
    setDevice(next);
    saveDevice(next);
  };

  return (
    <div className="widget-editor__panes">
      <LeaveGuard dirty={!readOnly && !sameForm(history.present, saved)} />
      <section ref={formPane} className="widget-editor__form card" aria-label="Settings">
        {readOnly ? (
          <p className="widget-editor__hint">{EDITOR_TEXTS.viewOnly}</p>
        ) : (
          <div className="widget-editor__toolbar">
            <button type="button" className="btn btn-secondary btn-sm" onClick={history.undo} disabled={!history.canUndo} aria-keyshortcuts="Control+Z Meta+Z" title="Undo (Ctrl+Z)">
              ↶ {EDITOR_TEXTS.undo}
            </button>
            <button type="button" className="btn btn-secondary btn-sm" onClick={history.redo} disabled={!history.canRedo} aria-keyshortcuts="Control+Shift+Z Meta+Shift+Z Control+Y" title="Redo (Ctrl+Shift+Z)">
              ↷ {EDITOR_TEXTS.redo}
            </button>
          </div>
        )}
        <EditorTabsContext.Provider value={tabs}>
          <SchemaForm<EditorForm>
            key={history.formKey}
            entry={runtimeEntry({ name: `${app.componentType}-editor`, schema })}
            uiSchema={uiSchema}
            formData={history.present}
            submitText="Save"
            disabled={readOnly}
            toasts={{ pending: 'Saving…', success: 'Widget saved' }}
            onChange={history.change}
            onInvalid={onInvalid}
            onSubmit={save}
          />
        </EditorTabsContext.Provider>
      </section>
      <section className="widget-editor__preview" aria-label="Preview">
        <div className="widget-editor__preview-bar">
          <div className="widget-editor__devices" role="group" aria-label={EDITOR_TEXTS.devices}>
            {PREVIEW_DEVICES.map((known) => (
              <button key={known.id} type="button" className="widget-editor__device" aria-pressed={device === known.id} onClick={() => chooseDevice(known.id)}>
                {known.label}
              </button>
            ))}
          </div>
          <div className="widget-editor__links">
            {guid ? (
              <>
                <a href={livePreviewPath(guid)} target="_blank" rel="noreferrer">
                  {EDITOR_TEXTS.livePreview}
                </a>
                <Link to={analyticsPath(guid)}>{EDITOR_TEXTS.analytics}</Link>
                {FORM_TYPES.has(app.componentType) && (role === undefined || canDo({ role: widgetRoleRank(role), action: 'manageSubmissions' })) ? (
                  <Link to={submissionsPath(guid)}>{EDITOR_TEXTS.submissions}</Link>
                ) : null}
              </>
            ) : (
              <span className="widget-editor__hint">{EDITOR_TEXTS.beforeSave}</span>
            )}
          </div>
        </div>
        <PreviewFrame type={app.componentType} settings={settings} width={deviceWidth(device)} />
      </section>
    </div>
  );
}
