import ReloadOutlined from '@ant-design/icons/ReloadOutlined';
import { Button, Tooltip } from 'antd';
import { useLocale } from '../i18n';
import { texts } from './texts';

/** The icon button that reloads a screen's data, spinning while it does, as every screen shows it. */
export function RefreshButton({ busy, onClick }: { busy: boolean; onClick: () => void }) {
  const { t } = useLocale();
  return (
    <Tooltip title={t(texts.refresh)}>
      <Button
        icon={<ReloadOutlined spin={busy} />}
        aria-label={t(texts.refresh)}
        aria-busy={busy}
        onClick={onClick}
      />
    </Tooltip>
  );
}
