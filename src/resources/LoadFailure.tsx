import ReloadOutlined from '@ant-design/icons/ReloadOutlined';
import { Button, Empty } from 'antd';
import { useLocale } from '../i18n';
import { texts } from './texts';

/** What stands where data could not be loaded: the reason was toasted, this offers a retry. */
export function LoadFailure({ text, onRetry }: { text: string; onRetry(): void }) {
  const { t } = useLocale();
  return (
    <div role="alert" className="cfop-resource-failure">
      <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={text}>
        <Button icon={<ReloadOutlined />} onClick={onRetry}>
          {t(texts.retry)}
        </Button>
      </Empty>
    </div>
  );
}
