import type { FaqSettings } from '../../../generated/client/types.gen';
import { accent, h } from '../dom';
import type { WidgetType } from '../types';

export const faq: WidgetType<FaqSettings> = {
  css: `.faq{padding:20px}.faq h2{margin:0 0 12px}.item{border-bottom:1px solid #e5e7eb}
.question{all:unset;box-sizing:border-box;display:flex;justify-content:space-between;width:100%;padding:14px 4px;cursor:pointer;font-weight:600}
.question:focus-visible{outline:2px solid var(--accent)}.question::after{content:'+';color:var(--accent);font-size:1.3em;line-height:1}
.question[aria-expanded=true]::after{content:'–'}.answer{padding:0 4px 14px;margin:0;color:#4b5563}.answer[hidden]{display:none}`,
  render: ({ root, settings, track }) => {
    accent(root, settings.accentColor);
    const questions: HTMLButtonElement[] = [];
    const items = (settings.items ?? []).map(({ question, answer }, i) => {
      const answerElement = h('p', { class: 'answer', text: answer, attrs: { id: `answer-${i}`, hidden: '' } });
      const button = h('button', {
        class: 'question',
        text: question,
        attrs: { 'aria-expanded': 'false', 'aria-controls': `answer-${i}`, type: 'button' },
        onClick: () => {
          const open = button.getAttribute('aria-expanded') !== 'true';
          if (open && !settings.allowMultipleOpen) questions.forEach((other) => other !== button && toggle(other, false));
          toggle(button, open);
          if (open) track('tab');
        },
      });
      questions.push(button);
      return h('div', { class: 'item' }, [button, answerElement]);
    });
    const toggle = (button: HTMLButtonElement, open: boolean) => {
      button.setAttribute('aria-expanded', String(open));
      root.querySelector(`#${button.getAttribute('aria-controls') ?? ''}`)?.toggleAttribute('hidden', !open);
    };
    root.append(h('div', { class: 'faq' }, [settings.title && h('h2', { text: settings.title }), ...items]));
  },
};
