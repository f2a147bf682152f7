import type { QuizSettings } from '../../../generated/client/types.gen';
import { accent, h, link } from '../dom';
import { fillIn } from '../fill-in';
import type { WidgetType } from '../types';

type Question = NonNullable<QuizSettings['questions']>[number];
type Answer = Question['answers'][number];
type Result = NonNullable<QuizSettings['results']>[number];

/** An answer's score: its points, else 1 when it is marked correct. */
const scoreOf = ({ points, correct }: Answer): number => points ?? (correct ? 1 : 0);

/** The best score the questions allow: every positive answer of a multiple choice, the top one of a single. */
export function maxScore(questions: Question[]): number {
  return questions.reduce((total, { answers, multiple }) => {
    const scores = answers.map(scoreOf);
    return total + (multiple ? scores.filter((score) => score > 0).reduce((a, b) => a + b, 0) : Math.max(0, ...scores));
  }, 0);
}

/** The first result whose range holds the score. */
export const resultFor = (results: Result[], score: number): Result | undefined =>
  results.find(({ minScore, maxScore: top }) => score >= minScore && (top === undefined || score <= top));

export const quiz: WidgetType<QuizSettings> = {
  css: `.quiz{max-width:var(--w);margin:0 auto;padding:24px;background:var(--bg);color:var(--fg);border:1px solid rgba(127,127,127,.2);border-radius:var(--r);text-align:var(--al)}
.quiz h2{margin:0 0 8px;font-size:1.35em}.quiz h3{margin:0 0 8px;font-size:1.2em}.quiz p{margin:0 0 16px}.status{font-size:.85em;opacity:.75;margin:0 0 6px}.status:empty{display:none}
.track{height:6px;border-radius:3px;background:rgba(127,127,127,.2);margin:0 0 18px;overflow:hidden}.track i{display:block;height:100%;background:var(--accent);transition:width .3s}
fieldset{border:0;margin:0 0 16px;padding:0;min-width:0}legend{font-weight:600;font-size:1.1em;margin:0 0 4px;padding:0}.hint{font-size:.85em;opacity:.75;margin:0 0 10px}
label{display:flex;gap:10px;align-items:center;text-align:left;padding:11px 14px;margin:8px 0 0;border:1px solid rgba(127,127,127,.35);border-radius:calc(var(--r)/1.5);cursor:pointer;overflow-wrap:anywhere}
label:has(input:checked){border-color:var(--accent);box-shadow:inset 0 0 0 1px var(--accent)}input{accent-color:var(--accent);margin:0;flex:none}
.nav{display:flex;gap:10px;flex-wrap:wrap;justify-content:var(--al)}.ghost{background:none;color:inherit;box-shadow:inset 0 0 0 1px rgba(127,127,127,.5)}
.button:focus-visible,input:focus-visible{outline:2px solid var(--accent);outline-offset:2px}.score{font-weight:600}h3:focus{outline:none}
@media (prefers-reduced-motion:reduce){.track i{transition:none}}`,
  render: ({ root, settings, track }) => {
    accent(root, settings.accentColor);
    const style = { '--bg': settings.backgroundColor, '--fg': settings.textColor, '--w': `${settings.maxWidth ?? 640}px`, '--r': `${settings.cornerRadius ?? 12}px`, '--al': settings.align ?? 'left' };
    for (const [name, value] of Object.entries(style)) if (value) root.style.setProperty(name, value);
    const questions = settings.questions ?? [];
    const chosen = questions.map(() => new Set<number>());
    const answered = new Set<number>();
    let started = false;
    const begin = () => {
      if (!started) track('quiz-start');
      started = true;
    };
    // Updated in place so that screen readers announce each new question and the result.
    const status = h('p', { class: 'status', attrs: { 'aria-live': 'polite' } });
    const body = h('div');
    root.append(h('div', { class: 'quiz' }, [settings.title && h('h2', { text: settings.title }), status, body]));
    const show = (...parts: (Node | string | false | undefined)[]) => body.replaceChildren(...parts.filter((part): part is Node | string => Boolean(part)));
    const button = (text: string, onClick: () => void, className = 'button') => h('button', { class: className, text, attrs: { type: 'button' }, onClick });

    const intro = () => {
      status.textContent = '';
      show(h('p', { text: settings.introText ?? '' }), questions.length > 0 && button(settings.startText || 'Start', start));
    };
    const start = () => {
      begin();
      ask(0, true);
    };

    const ask = (index: number, moveFocus: boolean) => {
      const { question, answers, multiple } = questions[index];
      const picks = chosen[index];
      status.textContent = fillIn(settings.progressText || 'Question {n} of {total}', { n: index + 1, total: questions.length });
      const fill = h('i');
      fill.style.width = `${(index * 100) / questions.length}%`;
      const inputs = answers.map((answer, a) => {
        const input = h('input', { attrs: { type: multiple ? 'checkbox' : 'radio', name: `q${index}` } });
        input.checked = picks.has(a);
        input.addEventListener('change', () => {
          begin();
          if (!multiple) picks.clear();
          if (input.checked) picks.add(a);
          else picks.delete(a);
          next.disabled = picks.size === 0;
        });
        return h('label', {}, [input, answer.text]);
      });
      const last = index === questions.length - 1;
      const next = h('button', { class: 'button', text: (last ? settings.finishText : settings.nextText) || 'Next', attrs: { type: 'submit' } });
      next.disabled = picks.size === 0;
      const form = h('form', {}, [
        h('fieldset', {}, [h('legend', { text: question }), multiple && h('p', { class: 'hint', text: settings.chooseAllText || 'Choose all that apply' }), ...inputs]),
        h('div', { class: 'nav' }, [index > 0 && button(settings.backText || 'Back', () => ask(index - 1, true), 'button ghost'), next]),
      ]);
      // Enter on a chosen answer goes on, as the Next button does.
      form.addEventListener('submit', (event) => {
        event.preventDefault();
        if (picks.size === 0) return;
        if (!answered.has(index)) track('quiz-answer');
        answered.add(index);
        if (last) finish();
        else ask(index + 1, true);
      });
      form.addEventListener('keydown', (event) => {
        if (event.key === 'Enter' && (event.target as HTMLElement).tagName === 'INPUT') {
          event.preventDefault();
          form.requestSubmit();
        }
      });
      show(h('div', { class: 'track', attrs: { 'aria-hidden': 'true' } }, [fill]), form);
      if (moveFocus) (inputs[[...picks][0] ?? 0]?.querySelector('input') as HTMLInputElement | null)?.focus();
    };

    const finish = () => {
      const score = questions.reduce((total, { answers }, q) => total + [...chosen[q]].reduce((sum, a) => sum + scoreOf(answers[a]), 0), 0);
      const result = resultFor(settings.results ?? [], score);
      const title = result?.title ?? (settings.noResultTitle || 'Thanks for taking the quiz!');
      track('quiz-completed');
      status.textContent = settings.resultLabel || 'Your result';
      const heading = h('h3', { text: title, attrs: { tabindex: '-1' } });
      show(
        heading,
        settings.showScore && h('p', { class: 'score', text: fillIn(settings.scoreText || 'Your score: {score} of {max}', { score, max: maxScore(questions) }) }),
        result?.text && h('p', { text: result.text }),
        h('div', { class: 'nav' }, [
          result?.buttonText && link({ url: result.buttonUrl, text: result.buttonText, className: 'button', onClick: () => track('button') }),
          button(settings.restartText || 'Start again', restart, 'button ghost'),
        ]),
      );
      heading.focus();
    };
    const restart = () => {
      chosen.forEach((picks) => picks.clear());
      answered.clear();
      started = false;
      if (settings.showIntro === false) ask(0, true);
      else intro();
    };

    if (settings.showIntro === false && questions.length > 0) ask(0, false);
    else intro();
  },
};
