import type { PollSettings } from '../../../generated/client/types.gen';
import { accent, h } from '../dom';
import type { WidgetType } from '../types';

const votedKey = (widgetId: string): string => `nindo:vote:${widgetId}`;

/** The visitor's earlier answer on this site; storage may be refused (private modes, sandboxed frames). */
function rememberedVote(widgetId: string): string | null {
  try {
    return localStorage.getItem(votedKey(widgetId));
  } catch {
    return null;
  }
}

function rememberVote(widgetId: string, option: string): void {
  try {
    localStorage.setItem(votedKey(widgetId), option);
  } catch {
    // Without storage the visitor may vote again on the next visit; the vote itself still counts.
  }
}

export const poll: WidgetType<PollSettings> = {
  css: `.poll{padding:20px}.poll h2{margin:0 0 14px;font-size:1.2em}.option{display:flex;gap:10px;align-items:center;padding:10px 12px;margin:0 0 8px;border:1px solid #e5e7eb;border-radius:8px;cursor:pointer}
.option:has(input:checked){border-color:var(--accent)}.option input{accent-color:var(--accent)}.thanks{font-weight:600;color:var(--accent)}.chosen{color:#4b5563}`,
  render: ({ root, settings, widgetId, track }) => {
    accent(root, settings.accentColor);
    const box = h('div', { class: 'poll' }, [h('h2', { text: settings.question ?? '' })]);
    root.append(box);
    const showThanks = (option: string) => {
      box.replaceChildren(h('h2', { text: settings.question ?? '' }), h('p', { class: 'thanks', text: settings.thankYouText ?? '' }), h('p', { class: 'chosen', text: `Your answer: ${option}` }));
    };
    const earlier = rememberedVote(widgetId);
    if (earlier) {
      showThanks(earlier);
      return;
    }
    const name = `poll-${widgetId}`;
    const options = (settings.options ?? []).map((option) =>
      h('label', { class: 'option' }, [h('input', { attrs: { type: 'radio', name, value: option } }), option]),
    );
    const vote = h('button', {
      class: 'button',
      text: settings.buttonText ?? 'Vote',
      attrs: { type: 'button', disabled: '' },
      onClick: () => {
        const chosen = box.querySelector<HTMLInputElement>('input:checked')?.value;
        if (!chosen) return;
        track('vote');
        rememberVote(widgetId, chosen);
        showThanks(chosen);
      },
    });
    box.addEventListener('change', () => vote.removeAttribute('disabled'));
    box.append(...options, vote);
  },
};
