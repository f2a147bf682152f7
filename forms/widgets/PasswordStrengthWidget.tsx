// A password input with a strength meter (zxcvbn). The checker loads on first keystroke,
// so the login page, which never shows a meter, stays light.
import { useEffect, useState } from 'react';
import type { WidgetProps } from '@rjsf/utils';
import { getDefaultRegistry } from '@rjsf/core';
import { passwordStrength, STRENGTH_LABELS } from '../../rules/password-strength';
import type { Strength } from '../../rules/password-strength';

const { BaseInputTemplate } = getDefaultRegistry().templates;

export function PasswordStrengthWidget(props: WidgetProps) {
  const { value } = props;
  const password = typeof value === 'string' ? value : '';
  // The rating with the password it rates: a late answer for older input is never shown.
  const [rated, setRated] = useState<{ password: string; strength: Strength }>();
  const strength = password && rated?.password === password ? rated.strength : undefined;

  useEffect(() => {
    if (!password) return;
    let current = true;
    void passwordStrength(password).then((result) => current && setRated({ password, strength: result }));
    return () => {
      current = false;
    };
  }, [password]);

  return (
    <div className="sf-password">
      <BaseInputTemplate {...props} type="password" autoComplete="new-password" />
      <div className="sf-meter" data-score={strength?.score ?? -1} aria-live="polite">
        <div className="sf-meter__bars" aria-hidden="true">
          {[0, 1, 2, 3].map((bar) => (
            <span key={bar} className={strength && strength.score > bar ? 'is-on' : ''} />
          ))}
        </div>
        <span className="sf-meter__label">{strength ? STRENGTH_LABELS[strength.score] : ''}</span>
      </div>
      {strength?.warning && <p className="sf-help">{strength.warning}</p>}
    </div>
  );
}
