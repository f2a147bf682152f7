import type { ContactFormSettings } from '../../../generated/client/types.gen';
import { accent, h, safeUrl } from '../dom';
import type { WidgetType } from '../types';
import { consentPart, fieldPart, FORM_CSS, honeypot, sendOnSubmit } from './form-parts';

const COLOR = /^#[0-9a-f]{6}$/i;

export const contactForm: WidgetType<ContactFormSettings> = {
  css: `.cf{position:relative;margin:0 auto;padding:24px;background:var(--bg);color:var(--fg);border-radius:var(--r)}.cf h2{margin:0 0 6px;font-size:1.4em}.intro{margin:0 0 18px;opacity:.85}
.center{text-align:center}.center .f,.center .err{text-align:left}.grid{display:grid;gap:14px;margin:0 0 14px}
@media (min-width:560px){.two{grid-template-columns:1fr 1fr}.two .wide{grid-column:1/-1}}.send{margin-top:14px}.cf .thanks h2{color:var(--accent)}
${FORM_CSS}`,
  render: ({ root, settings, widgetId, track, submit }) => {
    accent(root, settings.accentColor);
    const box = h('div', { class: `cf ${settings.fieldStyle ?? 'outlined'}${settings.align === 'center' ? ' center' : ''}` });
    box.style.maxWidth = `${Math.min(1200, Math.max(320, settings.maxWidth ?? 640))}px`;
    box.style.setProperty('--r', `${Math.min(24, Math.max(0, settings.radius ?? 8))}px`);
    if (settings.backgroundColor && COLOR.test(settings.backgroundColor)) box.style.setProperty('--bg', settings.backgroundColor);
    if (settings.textColor && COLOR.test(settings.textColor)) box.style.setProperty('--fg', settings.textColor);
    const fields = (settings.fields ?? []).slice(0, 20).map((field, i) => fieldPart({ field, id: `${widgetId}-f${i}` }));
    const consent = { ...consentPart({ text: settings.consentText ?? '', required: settings.consentRequired !== false, id: `${widgetId}-c` }), required: settings.consentRequired !== false };
    const trap = honeypot();
    const button = h('button', { class: 'button send', text: settings.buttonText || 'Send', attrs: { type: 'submit' } });
    const status = h('p', { class: 'status', attrs: { role: 'status', 'aria-live': 'polite' } });
    const form = h('form', { attrs: { novalidate: '', 'aria-label': settings.title || 'Contact form' } }, [
      h('div', { class: settings.columns === 2 ? 'grid two' : 'grid' }, fields.map((part) => part.element)),
      consent.element,
      trap.element,
      button,
      status,
    ]);
    if (settings.title) box.append(h('h2', { text: settings.title }));
    if (settings.text) box.append(h('p', { class: 'intro', text: settings.text }));
    box.append(form);
    root.append(box);
    sendOnSubmit({
      form,
      fields,
      consent,
      trap,
      button,
      status,
      submit,
      onSent: () => {
        track('conversion');
        const thanks = h('div', { class: 'thanks', attrs: { role: 'status', tabindex: '-1' } }, [h('h2', { text: settings.title || 'Thank you' }), h('p', { text: settings.thankYouText ?? '' })]);
        box.replaceChildren(thanks);
        thanks.focus();
        const next = safeUrl(settings.redirectUrl);
        if (settings.redirectUrl && /^https?:\/\//i.test(next)) location.assign(next);
      },
    });
    return undefined;
  },
};
