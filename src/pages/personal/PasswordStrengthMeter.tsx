import { useLocale } from '../../i18n';
import { passwordStrength, type PasswordStrength } from './password-strength';

const levels: Record<
  Exclude<PasswordStrength, 'none'>,
  { bars: number; text: { zh: string; en: string } }
> = {
  weak: { bars: 1, text: { zh: '弱', en: 'Weak' } },
  medium: { bars: 2, text: { zh: '中', en: 'Medium' } },
  strong: { bars: 3, text: { zh: '强', en: 'Strong' } },
};
const strengthText = { zh: '密码强度：', en: 'Strength: ' };

export function PasswordStrengthMeter({ password }: { password: string }) {
  const { t } = useLocale();
  const strength = passwordStrength(password);
  if (strength === 'none') return null;
  const level = levels[strength];
  return (
    <div className={`cfop-strength cfop-strength-${strength}`} aria-live="polite">
      <span className="cfop-strength-bars" aria-hidden="true">
        {[1, 2, 3].map((bar) => (
          <span key={bar} className={bar <= level.bars ? 'cfop-strength-bar is-on' : 'cfop-strength-bar'} />
        ))}
      </span>
      <span>
        {t(strengthText)}
        {t(level.text)}
      </span>
    </div>
  );
}
