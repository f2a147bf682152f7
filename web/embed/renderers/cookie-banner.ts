import type { CookieBannerSettings } from '../../../generated/client/types.gen';
import { accent, h, link } from '../dom';
import type { WidgetType } from '../types';

export interface Consent {
  necessary: true;
  analytics: boolean;
  marketing: boolean;
  preferences: boolean;
}

interface Stored {
  version: number;
  at: number;
  consent: Consent;
}

const DAY_MS = 86_400_000;
export const consentKey = (widgetId: string): string => `nindo:consent:${widgetId}`;
const all = (on: boolean): Consent => ({ necessary: true, analytics: on, marketing: on, preferences: on });

/** The visitor's choice if it was made for this version of the banner and has not expired; storage may be refused. */
export function storedConsent({ widgetId, version, expiryDays, now }: { widgetId: string; version: number; expiryDays: number; now: number }): Consent | undefined {
  try {
    const stored = JSON.parse(localStorage.getItem(consentKey(widgetId)) ?? 'null') as Stored | null;
    if (stored?.version !== version || !(now - stored.at < expiryDays * DAY_MS)) return undefined;
    const { analytics, marketing, preferences } = stored.consent;
    return { necessary: true, analytics: analytics === true, marketing: marketing === true, preferences: preferences === true };
  } catch {
    return undefined;
  }
}

/** Tells the host page (docs/widgets.md): a `nindo:consent` event and the `window.nindoConsent` getter. */
function announce(consent: Consent): void {
  Object.defineProperty(window, 'nindoConsent', { configurable: true, get: () => Object.freeze({ ...consent }) });
  window.dispatchEvent(new CustomEvent('nindo:consent', { detail: { ...consent } }));
}

const FOCUSABLE = 'button,a[href],input:not([disabled])';

export const cookieBanner: WidgetType<CookieBannerSettings> = {
  css: `.cb{position:fixed;z-index:2147483000;background:var(--bg);color:var(--fg);border-radius:var(--r);box-shadow:0 6px 30px rgba(0,0,0,.25);padding:20px;max-height:calc(100vh - 32px);overflow:auto}
.bar{left:12px;right:12px;bottom:12px}.bar .in{max-width:1100px;margin:0 auto}.box{left:16px;bottom:16px;width:min(400px,calc(100vw - 32px))}
.modal{left:50%;top:50%;transform:translate(-50%,-50%);width:min(560px,calc(100vw - 32px))}.shade{position:fixed;inset:0;z-index:2147482999;background:rgba(17,24,39,.55)}
.cb h2{margin:0 0 6px;font-size:1.1em}.cb p{margin:0 0 14px;font-size:.95em}.cb a{color:inherit;font-weight:600}.cb:focus{outline:none}
.acts{display:flex;flex-wrap:wrap;gap:8px;justify-content:flex-end}.acts .button{flex:1 1 auto;min-width:120px}.ghost{background:none;color:inherit;box-shadow:inset 0 0 0 1px currentColor}
.cat{display:flex;gap:12px;align-items:flex-start;padding:10px 0;border-top:1px solid rgba(127,127,127,.25);cursor:pointer}.cat p{margin:2px 0 0;font-size:.88em;opacity:.8}
.cat input{margin:3px 0 0;width:18px;height:18px;accent-color:var(--accent);flex:none}.cat:last-of-type{margin-bottom:12px}.on{font-size:.8em;opacity:.7}
.button:focus-visible,.cb a:focus-visible,.cat input:focus-visible,.again:focus-visible{outline:2px solid var(--accent);outline-offset:2px}
.again{position:fixed;left:16px;bottom:16px;z-index:2147482998;padding:8px 14px;border:0;border-radius:999px;background:var(--bg);color:var(--fg);box-shadow:0 2px 10px rgba(0,0,0,.25);font:inherit;font-size:.85em;cursor:pointer}`,
  render: ({ root, settings, widgetId, track }) => {
    accent(root, settings.accentColor);
    for (const [name, value] of Object.entries({ '--bg': settings.backgroundColor, '--fg': settings.textColor, '--r': `${settings.cornerRadius ?? 12}px` })) if (value) root.style.setProperty(name, value);
    // The editor's preview always shows the banner and keeps nothing: the owner is not a visitor.
    const preview = widgetId === 'preview';
    const version = settings.version ?? 1;
    const layout = settings.layout ?? 'bar';
    let current = preview ? undefined : storedConsent({ widgetId, version, expiryDays: settings.expiryDays ?? 180, now: Date.now() });
    const reopen = h('button', { class: 'again', text: settings.reopenText || 'Cookie settings', attrs: { type: 'button' }, onClick: () => open(true) });

    const choose = (consent: Consent, subtype: 'consent-accept-all' | 'consent-reject-all' | 'consent-custom') => {
      current = consent;
      track(subtype);
      if (!preview) {
        try {
          localStorage.setItem(consentKey(widgetId), JSON.stringify({ version, at: Date.now(), consent } satisfies Stored));
        } catch {
          // Without storage the banner asks again on the next page; the choice still holds on this one.
        }
      }
      announce(consent);
      close();
    };
    const accept = () => choose(all(true), 'consent-accept-all');
    const reject = () => choose(all(false), 'consent-reject-all');
    const button = (text: string | undefined, fallback: string, onClick: () => void, className = 'button') =>
      h('button', { class: className, text: text || fallback, attrs: { type: 'button' }, onClick });

    const dialog = h('div', { class: `cb ${layout}`, attrs: { role: 'dialog', tabindex: '-1', 'aria-modal': String(layout === 'modal') } });
    const inner = h('div', { class: 'in' });
    dialog.append(inner);
    const shade = layout === 'modal' ? h('div', { class: 'shade' }) : null;
    let fromReopen = false;

    const heading = (text: string | undefined, fallback: string) => {
      const id = `cb-title-${widgetId}`;
      dialog.setAttribute('aria-labelledby', id);
      return h('h2', { text: text || fallback, attrs: { id } });
    };
    const main = () => {
      inner.replaceChildren(
        heading(settings.title, 'Cookies'),
        h('p', {}, [settings.text ?? '', ' ', settings.policyText ? link({ url: settings.policyUrl, text: settings.policyText, className: 'policy', onClick: () => undefined }) : null]),
        h('div', { class: 'acts' }, [button(settings.customiseText, 'Customise', () => preferences(true), 'button ghost'), button(settings.rejectText, 'Reject all', reject), button(settings.acceptText, 'Accept all', accept)]),
      );
    };
    const preferences = (moveFocus: boolean) => {
      const categories: [keyof Consent, string, string | undefined][] = [
        ['necessary', settings.necessaryName || 'Necessary', settings.necessaryDescription],
        ['analytics', settings.analyticsName || 'Analytics', settings.analyticsDescription],
        ['marketing', settings.marketingName || 'Marketing', settings.marketingDescription],
        ...(settings.showPreferencesCategory ? [['preferences', settings.preferencesName || 'Preferences', settings.preferencesDescription] as [keyof Consent, string, string | undefined]] : []),
      ];
      const inputs = new Map<keyof Consent, HTMLInputElement>();
      const rows = categories.map(([key, name, description]) => {
        const input = h('input', { attrs: { type: 'checkbox', role: 'switch', name: key } });
        input.checked = key === 'necessary' || current?.[key] === true;
        input.disabled = key === 'necessary';
        inputs.set(key, input);
        return h('label', { class: 'cat' }, [input, h('span', {}, [h('strong', { text: name }), key === 'necessary' && h('span', { class: 'on', text: ` · ${settings.alwaysOnText || 'Always on'}` }), description && h('p', { text: description })])]);
      });
      const save = () => choose({ necessary: true, analytics: inputs.get('analytics')?.checked === true, marketing: inputs.get('marketing')?.checked === true, preferences: inputs.get('preferences')?.checked === true }, 'consent-custom');
      inner.replaceChildren(
        heading(settings.preferencesTitle, 'Cookie preferences'),
        ...rows,
        h('div', { class: 'acts' }, [button(settings.saveText, 'Save my choices', save, 'button ghost'), button(settings.rejectText, 'Reject all', reject), button(settings.acceptText, 'Accept all', accept)]),
      );
      if (moveFocus) inputs.get('analytics')?.focus();
    };

    // Escape leaves the preferences for the first view; it never makes a choice for the visitor.
    dialog.addEventListener('keydown', (event) => {
      if (event.key === 'Escape' && inner.querySelector('.cat')) {
        event.preventDefault();
        main();
        dialog.focus();
      }
      if (event.key !== 'Tab' || layout !== 'modal') return;
      const focusable = [...dialog.querySelectorAll<HTMLElement>(FOCUSABLE)];
      const active = (root.getRootNode() as ShadowRoot).activeElement;
      const edge = event.shiftKey ? focusable[0] : focusable.at(-1);
      if (active === edge || active === dialog) {
        event.preventDefault();
        (event.shiftKey ? focusable.at(-1) : focusable[0])?.focus();
      }
    });

    function open(again: boolean) {
      fromReopen = again;
      reopen.remove();
      if (again) preferences(false);
      else main();
      root.append(...(shade ? [shade] : []), dialog);
      if (again) (dialog.querySelector('input:not([disabled])') as HTMLElement | null)?.focus();
      else dialog.focus({ preventScroll: true });
    }
    function close() {
      dialog.remove();
      shade?.remove();
      if (settings.reopenButton === false) return;
      root.append(reopen);
      if (fromReopen) reopen.focus();
    }

    if (current) {
      announce(current);
      if (settings.reopenButton !== false) root.append(reopen);
    } else open(false);
  },
};
