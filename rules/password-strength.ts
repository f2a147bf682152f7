// Password strength (zxcvbn score 0..4), shared by the server's signup rule ("Password is
// invalid" at score 0) and the web app's strength meter, so both judge alike. The checker
// and its dictionaries load on first use, so pages without a meter stay light.
import type { ZxcvbnFactory } from '@zxcvbn-ts/core';

export type Score = 0 | 1 | 2 | 3 | 4;

export interface Strength {
  score: Score;
  /** zxcvbn's advice, e.g. "This is a top-10 common password." */
  warning?: string;
}

export const STRENGTH_LABELS: Record<Score, string> = { 0: 'Too weak', 1: 'Weak', 2: 'Fair', 3: 'Good', 4: 'Strong' };

let checker: Promise<ZxcvbnFactory> | undefined;

const loadChecker = async (): Promise<ZxcvbnFactory> => {
  const [core, common, english] = await Promise.all([
    import('@zxcvbn-ts/core'),
    import('@zxcvbn-ts/language-common'),
    import('@zxcvbn-ts/language-en'),
  ]);
  return new core.ZxcvbnFactory({
    translations: english.translations,
    graphs: common.adjacencyGraphs,
    dictionary: { ...common.dictionary, ...english.dictionary },
  });
};

/** userInputs are words that make a password weaker when used in it (email, name). */
export async function passwordStrength(password: string, userInputs: string[] = []): Promise<Strength> {
  checker ??= loadChecker();
  const result = (await checker).check(password, userInputs);
  return { score: result.score, ...(result.feedback.warning ? { warning: result.feedback.warning } : {}) };
}
