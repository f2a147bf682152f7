// The first step of a new widget: the type's templates (`x-templates` on its settings schema),
// each drawn live by WidgetPicture, and "Start from blank" (the defaults). Choosing one opens the
// editor with the defaults and the template's settings over them. Each picture sits on the
// template's own background, or a dark one for light text (template-backdrop.ts).
import { settingsDefaults } from '../../../../../rules/widget-settings';
import type { SettingsSchema, WidgetTemplate } from '../../../../../rules/widget-settings';
import { WidgetPicture } from '../../../components/widget-picture';
import { settingsSchemaOf } from './editor-schema';
import { templateBackdrop } from './template-backdrop';

export const GALLERY_TEXTS = {
  title: 'Choose a template',
  text: 'Start from a ready-made design and make it yours. You can change everything later.',
  blank: 'Start from blank',
  blankText: 'The default settings, ready for your own content.',
};

interface TemplateGalleryProps {
  type: string;
  templates: WidgetTemplate[];
  /** The chosen template; undefined for a blank start. */
  onChoose: (template: WidgetTemplate | undefined) => void;
}

export function TemplateGallery({ type, templates, onChoose }: TemplateGalleryProps) {
  const schema = settingsSchemaOf(type);
  const defaults = schema ? settingsDefaults(schema as SettingsSchema) : {};
  return (
    <section className="template-gallery" aria-labelledby="template-gallery-title">
      <h2 id="template-gallery-title">{GALLERY_TEXTS.title}</h2>
      <p className="widget-editor__hint">{GALLERY_TEXTS.text}</p>
      <ul className="template-gallery__grid">
        <li>
          <button type="button" className="template-card template-card--blank" onClick={() => onChoose(undefined)}>
            <span className="template-card__picture template-card__picture--blank" aria-hidden="true">
              +
            </span>
            <span className="template-card__name">{GALLERY_TEXTS.blank}</span>
            <span className="template-card__text">{GALLERY_TEXTS.blankText}</span>
          </button>
        </li>
        {templates.map((template) => (
          <li key={template.id}>
            <button type="button" className="template-card" onClick={() => onChoose(template)}>
              <span className="template-card__backdrop" style={{ background: templateBackdrop({ defaults, settings: template.settings }) }}>
                <WidgetPicture type={type} settings={template.settings} className="template-card__picture" />
              </span>
              <span className="template-card__name">{template.name}</span>
              <span className="template-card__text">{template.description}</span>
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
