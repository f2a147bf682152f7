/** @jest-environment ./test/web/jsdom-environment.ts */
// The quiz as a visitor meets it in a shadow root: intro, one question at a time, back and next
// by mouse and keyboard, the score and its result, restart, and the engagement each step reports.
import { components } from '../../generated/openapi.json';
import { settingsDefaults } from '../../rules/widget-settings';
import type { SettingsSchema } from '../../rules/widget-settings';
import { mountWidget } from '../../web/embed/mount';
import { maxScore, resultFor } from '../../web/embed/renderers/quiz';
import { checkSettings } from '../../server/services/widget-embed/settings-schemas';

const schema = components.schemas.QuizSettings as SettingsSchema & { 'x-templates': { id: string; settings: Record<string, unknown> }[] };

function draw(settings: Record<string, unknown> = {}) {
  const host = document.createElement('div');
  document.body.append(host);
  const track = jest.fn();
  const drawn = mountWidget({ host, type: 'quiz', widgetId: `w-${Math.random()}`, settings: { ...settingsDefaults(schema), ...settings }, track, read: jest.fn() });
  const shadow = host.shadowRoot as ShadowRoot;
  const buttons = () => [...shadow.querySelectorAll<HTMLButtonElement>('button')];
  const buttonNamed = (name: string) => buttons().find((button) => button.textContent === name) as HTMLButtonElement;
  const pick = (index: number) => {
    const input = shadow.querySelectorAll('input')[index];
    input.click();
  };
  return { shadow, track, drawn, buttonNamed, pick, text: () => shadow.textContent ?? '', status: () => shadow.querySelector('.status')?.textContent };
}

afterEach(() => document.body.replaceChildren());

it('opens on the intro with its heading, text and start button', () => {
  const { shadow, text, drawn } = draw();
  expect(drawn).toBe(true);
  expect(shadow.querySelector('h2')?.textContent).toBe('Which plan is right for you?');
  expect(text()).toContain('Answer three quick questions');
  expect(shadow.querySelector('button')?.textContent).toBe('Start the quiz');
  expect(shadow.querySelector('input')).toBeNull();
});

it('asks one question at a time with its progress, Next waiting for an answer, and Back keeping it', () => {
  const { shadow, buttonNamed, pick, status, track } = draw();
  buttonNamed('Start the quiz').click();
  expect(track).toHaveBeenCalledWith('quiz-start');
  expect(status()).toBe('Question 1 of 3');
  expect(shadow.querySelector('.status')?.getAttribute('aria-live')).toBe('polite');
  expect(shadow.querySelector('legend')?.textContent).toBe('How many websites do you run?');
  expect([...shadow.querySelectorAll('label')].map((label) => label.textContent)).toEqual(['Just one', 'Two to five', 'More than five']);
  expect(shadow.querySelector<HTMLInputElement>('input')?.type).toBe('radio');
  expect(buttonNamed('Next').disabled).toBe(true);
  pick(1);
  expect(buttonNamed('Next').disabled).toBe(false);
  buttonNamed('Next').click();
  expect(status()).toBe('Question 2 of 3');
  expect(track).toHaveBeenCalledWith('quiz-answer');
  buttonNamed('Back').click();
  expect(status()).toBe('Question 1 of 3');
  expect(shadow.querySelectorAll('input')[1].checked).toBe(true);
});

it('sums the points of every answer chosen and shows the result whose range holds the score', () => {
  const { buttonNamed, pick, status, track, text, shadow } = draw({ showScore: true });
  buttonNamed('Start the quiz').click();
  pick(1); // 2 points
  buttonNamed('Next').click();
  pick(2); // 3 points
  buttonNamed('Next').click();
  expect(shadow.querySelector<HTMLInputElement>('input')?.type).toBe('checkbox');
  expect(text()).toContain('Choose all that apply');
  pick(1); // 1 point
  pick(2); // 2 points
  expect(buttonNamed('See my result')).toBeDefined();
  buttonNamed('See my result').click();
  expect(status()).toBe('Your result');
  expect(shadow.querySelector('h3')?.textContent).toBe('Business is your plan');
  expect(text()).toContain('Your score: 8 of 9');
  const cta = shadow.querySelector('a.button') as HTMLAnchorElement;
  expect(cta.textContent).toBe('Talk to sales');
  expect(cta.getAttribute('href')).toBe('https://example.com/contact');
  expect(track.mock.calls).toEqual([['quiz-start'], ['quiz-answer'], ['quiz-answer'], ['quiz-answer'], ['quiz-completed']]);
  cta.click();
  expect(track).toHaveBeenLastCalledWith('button');
});

it("says its fixed lines in the owner's words, numbers where the owner placed them", () => {
  const { buttonNamed, pick, status, text, shadow } = draw({
    showScore: true,
    progressText: 'Frage {n} von {total}',
    chooseAllText: 'Mehrere Antworten möglich',
    resultLabel: 'Ihr Ergebnis',
    scoreText: '{score}/{max} Punkte',
    noResultTitle: 'Danke!',
    results: [{ minScore: 100, title: 'Unreachable' }],
  });
  buttonNamed('Start the quiz').click();
  expect(status()).toBe('Frage 1 von 3');
  pick(0);
  buttonNamed('Next').click();
  pick(0);
  buttonNamed('Next').click();
  expect(text()).toContain('Mehrere Antworten möglich');
  pick(1);
  buttonNamed('See my result').click();
  expect(status()).toBe('Ihr Ergebnis');
  expect(shadow.querySelector('h3')?.textContent).toBe('Danke!');
  expect(shadow.querySelector('.score')?.textContent).toMatch(/^\d+\/9 Punkte$/);
});

it('counts a question answered once, even when the visitor goes back and changes it', () => {
  const { buttonNamed, pick, track } = draw();
  buttonNamed('Start the quiz').click();
  pick(0);
  buttonNamed('Next').click();
  buttonNamed('Back').click();
  pick(2);
  buttonNamed('Next').click();
  expect(track.mock.calls.filter(([subtype]) => subtype === 'quiz-answer')).toHaveLength(1);
});

it('is usable by keyboard: Enter on a chosen answer goes on, focus follows each question and the result', () => {
  const { shadow, buttonNamed, status } = draw({ questions: [{ question: 'Tea or coffee?', answers: [{ text: 'Tea', points: 1 }, { text: 'Coffee', points: 5 }] }], results: [{ minScore: 0, maxScore: 2, title: 'Tea person' }, { minScore: 3, title: 'Coffee person' }] });
  buttonNamed('Start the quiz').click();
  const first = shadow.querySelector('input') as HTMLInputElement;
  expect(shadow.activeElement).toBe(first);
  first.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true }));
  expect(status()).toBe('Question 1 of 1');
  const coffee = shadow.querySelectorAll('input')[1];
  coffee.click();
  coffee.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true }));
  expect(shadow.activeElement).toBe(shadow.querySelector('h3'));
  expect(shadow.querySelector('h3')?.textContent).toBe('Coffee person');
});

it('starts again from the intro with no answer kept, and reports the new start', () => {
  const { buttonNamed, pick, shadow, track } = draw({ questions: [{ question: 'Ready?', answers: [{ text: 'Yes' }, { text: 'No' }] }] });
  buttonNamed('Start the quiz').click();
  pick(0);
  buttonNamed('See my result').click();
  buttonNamed('Start again').click();
  expect(shadow.querySelector('input')).toBeNull();
  buttonNamed('Start the quiz').click();
  expect(shadow.querySelector('input')?.checked).toBe(false);
  expect(track.mock.calls.filter(([subtype]) => subtype === 'quiz-start')).toHaveLength(2);
});

it('without the intro shows the first question at once and counts the start at the first answer', () => {
  const { shadow, pick, track } = draw({ showIntro: false });
  expect(shadow.querySelector('legend')?.textContent).toBe('How many websites do you run?');
  expect(shadow.activeElement).toBeNull();
  expect(track).not.toHaveBeenCalled();
  pick(0);
  expect(track).toHaveBeenCalledWith('quiz-start');
});

it('scores a correct answer as 1 point when it has no points of its own', () => {
  const questions = [
    { question: 'Q1', answers: [{ text: 'Right', correct: true }, { text: 'Wrong' }] },
    { question: 'Q2', multiple: true, answers: [{ text: 'A', correct: true }, { text: 'B', correct: true }, { text: 'C', points: -1 }] },
  ];
  expect(maxScore(questions)).toBe(3);
  const { buttonNamed, pick, text } = draw({ questions, showScore: true, results: [{ minScore: 3, title: 'Perfect' }] });
  buttonNamed('Start the quiz').click();
  pick(0);
  buttonNamed('Next').click();
  pick(0);
  pick(1);
  buttonNamed('See my result').click();
  expect(text()).toContain('Perfect');
  expect(text()).toContain('Your score: 3 of 3');
});

it('picks the first result whose range holds the score, an open range above', () => {
  const results = [{ minScore: 0, maxScore: 3, title: 'Low' }, { minScore: 4, title: 'High' }];
  expect(resultFor(results, 2)?.title).toBe('Low');
  expect(resultFor(results, 40)?.title).toBe('High');
  expect(resultFor(results, -1)).toBeUndefined();
});

it('has at least three templates, each valid over the defaults', () => {
  expect(schema['x-templates'].length).toBeGreaterThanOrEqual(3);
  for (const { settings } of schema['x-templates']) expect(() => checkSettings({ type: 'quiz', settings: { ...settingsDefaults(schema), ...settings } })).not.toThrow();
});

it.each(schema['x-templates'].map((template) => [template.id, template.settings]))('draws the %s template through to a result', (_id, settings) => {
  const { buttonNamed, pick, shadow } = draw(settings);
  expect(shadow.querySelector('h2')?.textContent).toBe(settings.title);
  (shadow.querySelector('button') as HTMLButtonElement).click();
  const count = (settings.questions as unknown[]).length;
  for (let index = 0; index < count; index += 1) {
    pick(0);
    (shadow.querySelector('button[type=submit]') as HTMLButtonElement).click();
  }
  expect(shadow.querySelector('h3')?.textContent).not.toBe('Thanks for taking the quiz!');
  expect(buttonNamed('Start again')).toBeDefined();
});

describe('hostile settings', () => {
  it('draws no start button for a quiz without questions', () => {
    const { shadow, text } = draw({ questions: [], results: [] });
    expect(shadow.querySelector('button')).toBeNull();
    expect(text()).toContain('Which plan is right for you?');
  });

  it('thanks the visitor when no result fits the score', () => {
    const { buttonNamed, pick, shadow } = draw({ questions: [{ question: 'Q', answers: [{ text: 'A' }, { text: 'B' }] }], results: [] });
    buttonNamed('Start the quiz').click();
    pick(0);
    buttonNamed('See my result').click();
    expect(shadow.querySelector('h3')?.textContent).toBe('Thanks for taking the quiz!');
  });

  it('keeps markup as text and a javascript: link harmless', () => {
    const evil = '<img src=x onerror=alert(1)>';
    const { buttonNamed, pick, shadow } = draw({
      title: evil.repeat(50),
      questions: [{ question: evil, answers: [{ text: evil }, { text: 'B' }] }],
      results: [{ minScore: -10, title: evil, buttonText: 'Go', buttonUrl: 'javascript:alert(1)' }],
    });
    expect(shadow.querySelector('img')).toBeNull();
    buttonNamed('Start the quiz').click();
    pick(0);
    buttonNamed('See my result').click();
    expect(shadow.querySelector('img')).toBeNull();
    expect(shadow.querySelector('a')?.getAttribute('href')).toBe('#');
  });
});
