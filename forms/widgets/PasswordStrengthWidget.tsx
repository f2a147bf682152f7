// A password input with a strength meter (zxcvbn). The checker loads on first keystroke,
// so the login page, which never shows a meter, stays light.
import { useEffect, useState } from 'react';
import type { WidgetProps } from '@rjsf/utils';
import { getTemplate } from '@rjsf/utils';
import { passwordStrength, STRENGTH_LABELS } from '../password-strength';
import type { Strength } from '../password-strength';

export function PasswordStrengthWidget(props: WidgetProps) {
  const { value, registry, options } = props;
  const BaseInputTemplate = getTemplate('BaseInputTemplate', registry, options);
  const password = typeof value === 'string' ? value : '';
  const [strength, setStrength] = useState<Strength>();

  useEffect(() => {
    let current = true;
    if (!password) setStrength(undefined);
    else void passwordStrength(password).then((result) => current && setStrength(result));
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
            <span key={bar} className={strength && password && strength.score > bar ? 'is-on' : ''} />
          ))}
        </div>
        <span className="sf-meter__label">{strength && password ? STRENGTH_LABELS[strength.score] : ''}</span>
      </div>
      {strength?.warning && password && <p className="sf-help">{strength.warning}</p>}
    </div>
  );
}
