import TranslationOutlined from '@ant-design/icons/TranslationOutlined';
import { useLocale, type Locale } from '.';

// Each language is named in itself, so a reader finds theirs whatever the current language is.
const otherLanguage: Record<Locale, { readonly locale: Locale; readonly label: string }> = {
  'zh-CN': { locale: 'en-US', label: 'English' },
  'en-US': { locale: 'zh-CN', label: '中文' },
};

const switchLanguageText = { zh: '切换语言', en: 'Switch language' };

/**
 * The 中文 / English switch of the header and the sign-in page: one button naming the other
 * language (a plain button keeps menu and popup code out of the sign-in page's bundle).
 */
export function LanguageSwitch({ className }: { className?: string }) {
  const { locale, setLocale, t } = useLocale();
  const next = otherLanguage[locale];
  return (
    <button
      type="button"
      className={className}
      lang={next.locale}
      title={t(switchLanguageText)}
      onClick={() => setLocale(next.locale)}
    >
      <TranslationOutlined aria-hidden />
      <span>{next.label}</span>
    </button>
  );
}
