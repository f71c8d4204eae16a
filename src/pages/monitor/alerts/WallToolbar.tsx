import DownloadOutlined from '@ant-design/icons/DownloadOutlined';
import { Badge, Button, Space, Switch } from 'antd';
import { memo } from 'react';
import type { StreamStatus } from '../../../api';
import { useLocale } from '../../../i18n';
import { RefreshButton } from '../../../resources/RefreshButton';
import { texts as resourceTexts } from '../../../resources/texts';
import { alertTexts } from './alert-texts';

export type Decision = 'confirm' | 'dismiss';

/**
 * The alert wall's toolbar: bulk handling of the selected cards (or, with none selected, of every
 * pending alert the filters select), live on or paused, export (for
 * those who may) and refresh. Memoised: the wall re-renders every frame while live alerts go onto it, this does not.
 */
export const WallToolbar = memo(function WallToolbar(props: {
  selectedCount: number;
  live: boolean;
  status: StreamStatus;
  exporting: boolean;
  mayExport: boolean;
  loading: boolean;
  /** False for an operator without the handle key. */
  mayHandle: boolean;
  onBulk(decision: Decision): void;
  onMatching(decision: Decision): void;
  onClearSelection(): void;
  onLive(live: boolean): void;
  onExport(): void;
  onRefresh(): void;
}) {
  const { t } = useLocale();
  const { selectedCount, live, status } = props;
  const statusBadge = !live ? (
    <Badge status="default" text={t(alertTexts.livePaused)} />
  ) : status === 'open' ? (
    <Badge status="processing" text={t(alertTexts.liveOn)} />
  ) : (
    <Badge
      status="warning"
      text={t(status === 'reconnecting' ? alertTexts.reconnecting : alertTexts.connecting)}
    />
  );
  return (
    <Space wrap className="cfop-resource-toolbar">
      {selectedCount > 0 && (
        <>
          <span className="cfop-resource-selected">
            {t({ zh: `已选 ${selectedCount} 项`, en: `${selectedCount} selected` })}
          </span>
          <Button onClick={() => props.onBulk('confirm')}>{t(alertTexts.bulkConfirm)}</Button>
          <Button onClick={() => props.onBulk('dismiss')}>{t(alertTexts.bulkDismiss)}</Button>
          <Button type="link" onClick={props.onClearSelection}>
            {t(alertTexts.clearSelection)}
          </Button>
        </>
      )}
      {props.mayHandle && selectedCount === 0 && (
        <>
          <Button onClick={() => props.onMatching('confirm')}>{t(alertTexts.matchingConfirm)}</Button>
          <Button onClick={() => props.onMatching('dismiss')}>{t(alertTexts.matchingDismiss)}</Button>
        </>
      )}
      <span className="cfop-alert-live">
        {statusBadge}
        <Switch checked={live} onChange={props.onLive} aria-label={t(alertTexts.live)} />
      </span>
      {props.mayExport && (
        <Button icon={<DownloadOutlined />} loading={props.exporting} onClick={props.onExport}>
          {t(resourceTexts.export)}
        </Button>
      )}
      <RefreshButton busy={props.loading} onClick={props.onRefresh} />
    </Space>
  );
});
