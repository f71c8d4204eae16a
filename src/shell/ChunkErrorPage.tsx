import ReloadOutlined from '@ant-design/icons/ReloadOutlined';
import WarningFilled from '@ant-design/icons/WarningFilled';
import { Button } from 'antd';
import { useLocale } from '../i18n';
import { NoticePage } from './NoticePage';

const titleText = { zh: '页面加载失败', en: 'The page failed to load' };
const hintText = {
  zh: '网络可能不稳定，或系统刚刚更新。请重试，或刷新整个页面。',
  en: 'The network may be unstable, or the system was just updated. Try again, or reload the whole page.',
};
const retryText = { zh: '重试', en: 'Try again' };
const reloadText = { zh: '刷新页面', en: 'Reload page' };

/** Shown instead of a blank screen when a page's code did not arrive. */
export function ChunkErrorPage({ onRetry }: { onRetry(): void }) {
  const { t } = useLocale();
  return (
    <NoticePage
      icon={<WarningFilled className="cfop-notice-warning" />}
      title={t(titleText)}
      text={t(hintText)}
      actions={
        <>
          <Button type="primary" icon={<ReloadOutlined />} onClick={onRetry}>
            {t(retryText)}
          </Button>
          <Button onClick={() => window.location.reload()}>{t(reloadText)}</Button>
        </>
      }
    />
  );
}
