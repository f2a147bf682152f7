import type { EmbedPollResults, PollSettings } from '../../../generated/client/types.gen';
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

const votes = (count: number): string => `${count.toLocaleString()} vote${count === 1 ? '' : 's'}`;

/**
 * Each answer's votes, the visitor's own counted in where what was read cannot hold it yet: a vote
 * just cast waits in the runtime's queue (sent within 2 s, folded half a second later), so it is
 * never in results read at once; on a later visit it is, unless its answer still shows none.
 */
export function withOwnVote({ options, results, mine, justVoted }: { options: string[]; results: EmbedPollResults; mine: string; justVoted: boolean }): { option: string; votes: number }[] {
  const counted = new Map(results.options.map(({ option, votes: count }) => [option, count]));
  const rows = [...new Set(options)].map((option) => ({ option, votes: counted.get(option) ?? 0 }));
  const own = rows.find(({ option }) => option === mine);
  if (own && (justVoted || own.votes === 0)) own.votes += 1;
  return rows;
}

function resultsView({ rows, mine }: { rows: { option: string; votes: number }[]; mine: string }): HTMLElement {
  const total = rows.reduce((sum, row) => sum + row.votes, 0);
  return h('div', { class: 'results' }, [
    ...rows.map(({ option, votes: count }) => {
      const share = total ? Math.round((count * 100) / total) : 0;
      const fill = h('i');
      fill.style.width = `${share}%`;
      return h('div', { class: option === mine ? 'result mine' : 'result' }, [
        h('div', { class: 'line' }, [h('span', { text: option === mine ? `${option} ✓` : option }), h('span', { text: `${share}% · ${votes(count)}` })]),
        h('div', { class: 'bar', attrs: { 'aria-hidden': 'true' } }, [fill]),
      ]);
    }),
    h('p', { class: 'total', text: votes(total) }),
  ]);
}

export const poll: WidgetType<PollSettings> = {
  css: `.poll{padding:20px}.poll h2{margin:0 0 14px;font-size:1.2em}.option{display:flex;gap:10px;align-items:center;padding:10px 12px;margin:0 0 8px;border:1px solid #e5e7eb;border-radius:8px;cursor:pointer}
.option:has(input:checked){border-color:var(--accent)}.option input{accent-color:var(--accent)}.thanks{font-weight:600;color:var(--accent)}.chosen,.total{color:#4b5563}
.result{margin:0 0 10px}.line{display:flex;justify-content:space-between;gap:10px}.mine .line{font-weight:600}.bar{height:8px;border-radius:4px;background:#e5e7eb;overflow:hidden}
.bar i{display:block;height:100%;background:var(--accent);opacity:.45}.mine .bar i{opacity:1}`,
  render: ({ root, settings, widgetId, track, read }) => {
    accent(root, settings.accentColor);
    const box = h('div', { class: 'poll' }, [h('h2', { text: settings.question ?? '' })]);
    root.append(box);
    const showThanks = (option: string, justVoted: boolean) => {
      const chosen = h('p', { class: 'chosen', text: `Your answer: ${option}` });
      box.replaceChildren(h('h2', { text: settings.question ?? '' }), h('p', { class: 'thanks', text: settings.thankYouText ?? '' }), chosen);
      if (settings.showResults === false) return;
      void read('results').then((results) => {
        if (!results) return;
        const rows = withOwnVote({ options: settings.options ?? [], results: results as EmbedPollResults, mine: option, justVoted });
        box.insertBefore(resultsView({ rows, mine: option }), chosen);
      });
    };
    const earlier = rememberedVote(widgetId);
    if (earlier) {
      showThanks(earlier, false);
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
        track('vote', chosen);
        rememberVote(widgetId, chosen);
        showThanks(chosen, true);
      },
    });
    box.addEventListener('change', () => vote.removeAttribute('disabled'));
    box.append(...options, vote);
  },
};
