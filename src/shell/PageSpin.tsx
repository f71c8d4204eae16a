import { useLocale } from '../i18n';
import { messages } from '../i18n';

/** The placeholder while a page or the signed-in user is on its way (index.html's spinner, kept light). */
export function PageSpin() {
  const { t } = useLocale();
  return <div className="cfop-page-spin" role="status" aria-label={t(messages.loading)} />;
}
