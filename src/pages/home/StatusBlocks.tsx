import { Card, Spin, Tag } from 'antd';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { formatDateTime, useLocale } from '../../i18n';
import { alertLevels, type PendingAlerts } from '../../session/pending-alerts';
import { levelOptions } from '../shared/alert-tags';
import { alertLinkPath } from '../../alerts-live/alert-link';
import { formatBytes } from '../../resources/upload/upload-texts';
import { useSession } from '../../session';
import { playbackPathOf } from '../../media/live-link';
import {
  freeText,
  homeTexts,
  keptDaysText,
  keptText,
  moreText,
  recordingGapText,
  removalText,
  storedText,
} from './home-texts';
import {
  quotaUsed,
  quotaWarnPercent,
  removalAlarms,
  shownRemovals,
  statusLinks,
  type DeviceStatus,
  type OfflineDevices,
  type RecordingUsage,
  type StatusKeys,
} from './home-status';

const countOf = (total: number, capped: boolean) => `${total}${capped ? '+' : ''}`;

/** A block of the status page: its title leads to the screen listing what it counts. */
function Block(props: {
  title: string;
  to: string;
  linkText: string;
  children: ReactNode;
  className?: string;
}) {
  return (
    <Card
      variant="borderless"
      className={`cfop-home-block ${props.className ?? ''}`}
      title={props.title}
      extra={<Link to={props.to}>{props.linkText}</Link>}
    >
      {props.children}
    </Card>
  );
}

function PendingByLevel({ counts }: { counts: PendingAlerts }) {
  const { t } = useLocale();
  if (!counts.known) return <Spin size="small" />;
  return (
    <ul className="cfop-home-levels">
      {alertLevels.map((level) => (
        <li key={level}>
          <Link to={statusLinks.pending(level)} className="cfop-home-level" data-level={level}>
            <Tag color={levelOptions[level].color}>{t(levelOptions[level].label)}</Tag>
            <span className="cfop-home-figure" data-alarm={counts.byLevel[level] > 0}>
              {counts.byLevel[level]}
            </span>
          </Link>
        </li>
      ))}
    </ul>
  );
}

function NewestAlerts({ counts }: { counts: PendingAlerts }) {
  const { t } = useLocale();
  if (!counts.known) return <Spin size="small" />;
  if (counts.latest.length === 0) return <p className="cfop-home-quiet">{t(homeTexts.noPending)}</p>;
  return (
    <ul className="cfop-home-alerts">
      {counts.latest.map((alert) => (
        <li key={alert.id}>
          <Link to={alertLinkPath(alert.id)} className="cfop-home-alert">
            <Tag color={levelOptions[alert.level].color}>{t(levelOptions[alert.level].label)}</Tag>
            <span className="cfop-home-alert-label">{alert.label}</span>
            <span className="cfop-home-alert-where">{alert.cameraName || alert.aiServerName}</span>
            <time dateTime={alert.occurredAt}>{formatDateTime(alert.occurredAt)}</time>
          </Link>
        </li>
      ))}
    </ul>
  );
}

function Offline(props: { devices: OfflineDevices | undefined; children?: ReactNode }) {
  const { t } = useLocale();
  const { devices } = props;
  if (!devices) return <Spin size="small" />;
  const more = devices.total - devices.names.length;
  return (
    <div className="cfop-home-offline">
      <span className="cfop-home-figure" data-alarm={devices.total > 0}>
        {countOf(devices.total, devices.capped)}
      </span>
      <p className="cfop-home-names">
        {devices.total === 0
          ? t(homeTexts.allOnline)
          : `${devices.names.join('、')}${more > 0 ? ` ${t(moreText(more))}` : ''}`}
      </p>
      {props.children}
    </div>
  );
}

function Storage({ usage }: { usage: RecordingUsage | undefined }) {
  const { t } = useLocale();
  if (!usage) return <Spin size="small" />;
  const used = quotaUsed(usage);
  const quota = usage.quotaBytes === null ? null : formatBytes(usage.quotaBytes);
  return (
    <div className="cfop-home-storage">
      <p className="cfop-home-storage-used" data-alarm={used !== null && used >= quotaWarnPercent}>
        {t(storedText(formatBytes(usage.bytes), quota, used))}
      </p>
      {used === null && <p className="cfop-home-quiet">{t(homeTexts.noQuota)}</p>}
      {usage.freeBytes !== null && (
        <p className="cfop-home-names" data-alarm={usage.paused}>
          {t(usage.paused ? homeTexts.recordingPaused : freeText(formatBytes(usage.freeBytes)))}
        </p>
      )}
      <p className="cfop-home-names">
        {usage.oldestAt === null
          ? t(homeTexts.noRecordings)
          : `${t(keptText(formatDateTime(usage.oldestAt)))} · ${t(keptDaysText(usage.retentionDays, usage.alertRetentionDays))}`}
      </p>
      {shownRemovals(usage).map((removal) => (
        <p
          key={`${removal.reason} ${removal.kind}`}
          className="cfop-home-names cfop-home-removal"
          data-alarm={removalAlarms(removal)}
        >
          {t(removalText(removal, formatDateTime(removal.oldestAt)))}
        </p>
      ))}
    </div>
  );
}

/**
 * The status blocks the user holds the keys of: pending alerts by level, offline AI servers and
 * cameras (with the recordings that stopped), the recordings' storage, the newest pending alerts. Each leads to its screen,
 * filtered to what it counts.
 */
export function StatusBlocks(props: {
  keys: StatusKeys;
  /** Null for a user without the alert key: no alert blocks. */
  counts: PendingAlerts | null;
  devices: DeviceStatus | undefined;
}) {
  const { t } = useLocale();
  const { canOpen } = useSession();
  const { keys, counts, devices } = props;
  const gaps = devices?.cameras?.recordingGaps;
  const playback = keys.recordings ? playbackPathOf(canOpen) : null;
  return (
    <div className="cfop-home-blocks">
      {counts && (
        <Block
          title={`${t(homeTexts.pendingAlerts)}${counts.known ? ` · ${countOf(counts.total, counts.capped)}` : ''}`}
          to={statusLinks.pending()}
          linkText={t(homeTexts.viewAll)}
          className="cfop-home-pending"
        >
          <PendingByLevel counts={counts} />
        </Block>
      )}
      {keys.aiServers && (
        <Block
          title={t(homeTexts.offlineAiServers)}
          to={statusLinks.offlineAiServers()}
          linkText={t(homeTexts.view)}
        >
          <Offline devices={devices?.aiServers} />
        </Block>
      )}
      {keys.cameras && (
        <Block
          title={t(homeTexts.offlineCameras)}
          to={statusLinks.offlineCameras()}
          linkText={t(homeTexts.view)}
        >
          <Offline devices={devices?.cameras}>
            {gaps && (
              <p className="cfop-home-recording" data-alarm={gaps.count > 0}>
                {t(gaps.count > 0 ? recordingGapText(gaps.count, gaps.partial) : homeTexts.recordingFine)}
              </p>
            )}
          </Offline>
        </Block>
      )}
      {playback !== null && (
        <Block
          title={t(homeTexts.recordingStorage)}
          to={playback}
          linkText={t(homeTexts.view)}
          className="cfop-home-storage-block"
        >
          <Storage usage={devices?.recordings} />
        </Block>
      )}
      {counts && (
        <Block
          title={t(homeTexts.newestAlerts)}
          to={statusLinks.pending()}
          linkText={t(homeTexts.viewAll)}
          className="cfop-home-newest"
        >
          <NewestAlerts counts={counts} />
        </Block>
      )}
    </div>
  );
}
