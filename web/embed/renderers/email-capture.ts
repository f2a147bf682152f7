import type { EmailCaptureSettings } from '../../../generated/client/types.gen';
import { accent, h } from '../dom';
import type { WidgetType } from '../types';
import { consentPart, fieldPart, FORM_CSS, honeypot, sendOnSubmit } from './form-parts';

const COLOR = /^#[0-9a-f]{6}$/i;
const dismissedKey = (widgetId: string): string => `nindo:dismissed:${widgetId}`;

/** Storage may be refused (private modes, sandboxed frames): the popup then simply shows again. */
function remembered(widgetId: string): boolean {
  try {
    return localStorage.getItem(dismissedKey(widgetId)) !== null;
  } catch {
    return false;
  }
}

function remember(widgetId: string): void {
  try {
    localStorage.setItem(dismissedKey(widgetId), '1');
  } catch {
    // Shown again next visit; nothing else depends on it.
  }
}

export const emailCapture: WidgetType<EmailCaptureSettings> = {
  css: `.ec{position:relative;max-width:560px;margin:0 auto;padding:24px;background:var(--bg);color:var(--fg);border-radius:var(--r);text-align:center}.ec h2{margin:0 0 6px;font-size:1.35em}.ec p.t{margin:0 0 16px;opacity:.85}
.row{display:flex;flex-wrap:wrap;gap:10px;text-align:left}.row .f{flex:1 1 200px}.row .button{align-self:flex-end;flex:0 0 auto}.ec .box,.ec .status{margin-top:10px;text-align:left}
.veil{position:fixed;inset:0;z-index:2147483000;display:flex;align-items:center;justify-content:center;padding:16px;background:rgba(17,24,39,.55)}.veil .ec{width:100%;box-shadow:0 20px 50px rgba(0,0,0,.3);animation:in .25s ease-out}
.x{position:absolute;top:8px;right:8px;width:36px;height:36px;border:0;border-radius:50%;background:transparent;color:inherit;font:inherit;font-size:22px;cursor:pointer}.x:focus-visible{outline:2px solid var(--accent)}
@keyframes in{from{opacity:0;transform:translateY(12px)}}@media (prefers-reduced-motion:reduce){.veil .ec{animation:none}}
${FORM_CSS}`,
  render: ({ root, settings, widgetId, track, submit }) => {
    accent(root, settings.accentColor);
    const popup = settings.display === 'popup';
    if (popup && remembered(widgetId)) return undefined;
    const box = h('div', { class: 'ec outlined' });
    box.style.setProperty('--r', `${Math.min(24, Math.max(0, settings.radius ?? 12))}px`);
    if (settings.backgroundColor && COLOR.test(settings.backgroundColor)) box.style.setProperty('--bg', settings.backgroundColor);
    if (settings.textColor && COLOR.test(settings.textColor)) box.style.setProperty('--fg', settings.textColor);
    const fields = [
      ...(settings.showName ? [fieldPart({ field: { label: 'Name', type: 'text', required: settings.nameRequired === true, placeholder: 'Your name' }, id: `${widgetId}-n` })] : []),
      fieldPart({ field: { label: 'Email', type: 'email', required: true, placeholder: settings.emailPlaceholder ?? '' }, id: `${widgetId}-e` }),
    ];
    const consent = { ...consentPart({ text: settings.consentText ?? '', required: settings.consentRequired !== false, id: `${widgetId}-c` }), required: settings.consentRequired !== false };
    const trap = honeypot();
    const button = h('button', { class: 'button', text: settings.buttonText || 'Subscribe', attrs: { type: 'submit' } });
    const status = h('p', { class: 'status', attrs: { role: 'status', 'aria-live': 'polite' } });
    const form = h('form', { attrs: { novalidate: '', 'aria-label': settings.title || 'Sign up' } }, [h('div', { class: 'row' }, [...fields.map((part) => part.element), button]), consent.element, trap.element, status]);
    const headingId = `${widgetId}-h`;
    if (settings.title) box.append(h('h2', { text: settings.title, attrs: { id: headingId } }));
    if (settings.text) box.append(h('p', { class: 't', text: settings.text }));
    box.append(form);
    let timer: ReturnType<typeof setTimeout> | undefined;
    let veil: HTMLElement | undefined;
    const onExit = (event: MouseEvent) => {
      if (!event.relatedTarget && event.clientY <= 0) open();
    };
    const stop = () => {
      clearTimeout(timer);
      document.removeEventListener('mouseout', onExit);
    };
    const close = () => {
      remember(widgetId);
      veil?.remove();
    };
    function open(): void {
      stop();
      if (veil?.isConnected || remembered(widgetId)) return;
      box.prepend(h('button', { class: 'x', text: '×', attrs: { type: 'button', 'aria-label': 'Close' }, onClick: close }));
      veil = h('div', { class: 'veil', attrs: { role: 'dialog', 'aria-modal': 'true', ...(settings.title ? { 'aria-labelledby': headingId } : { 'aria-label': 'Sign up' }) } }, [box]);
      veil.addEventListener('keydown', (event) => {
        if (event.key === 'Escape') close();
      });
      veil.addEventListener('click', (event) => {
        if (event.target === veil) close();
      });
      root.append(veil);
      box.querySelector<HTMLElement>('input')?.focus();
    }
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
        remember(widgetId);
        const thanks = h('p', { class: 'thanks', text: settings.thankYouText ?? '', attrs: { role: 'status', tabindex: '-1' } });
        form.replaceWith(thanks);
        thanks.focus();
      },
    });
    if (!popup) {
      root.append(box);
      return undefined;
    }
    // A picture of the widget (lists, the template gallery) shows the popup open at once.
    if (widgetId === 'picture') open();
    else if (settings.trigger === 'exit-intent') document.addEventListener('mouseout', onExit);
    else timer = setTimeout(open, Math.min(120, Math.max(0, settings.delaySeconds ?? 5)) * 1000);
    return () => {
      stop();
      veil?.remove();
    };
  },
};
