import BellOutlined from '@ant-design/icons/BellOutlined';
import { Badge, Popover, Spin, Tag } from 'antd';
import { useState } from 'react';
import type { AccessKey } from '../generated/access';
import alert from '../generated/resources/alert';
import type { LocalText } from '../generated/settings';
import { formatDateTime, useLocale } from '../i18n';
import { useSession } from '../session';
import {
  alertLevels,
  usePendingAlerts,
  type PendingAlert,
  type PendingAlerts,
} from '../session/pending-alerts';
import { useRouterNavigate } from '../session/screen-location';

const optionsOf = (name: string) => alert.fields.find((field) => field.name === name)?.options ?? [];
const levelOptions = optionsOf('level');
// The alert wall's words: 待处理 is its name for an alert no one handled yet.
const bellTexts = {
  title: { zh: '待处理告警', en: 'Pending alerts' },
  none: { zh: '没有待处理的告警', en: 'No pending alerts' },
  viewAll: { zh: '查看全部', en: 'View all' },
  orMore: { zh: '以上', en: ' or more' },
} satisfies Record<string, LocalText>;

/** The alert wall showing the pending alerts, of one level when given. */
const wallPath = (level?: string) =>
  `${alert.route}?${new URLSearchParams({ ...(level ? { level } : {}), status: 'pending' }).toString()}`;
/** The alert wall with one alert's drawer open (the wall's `alertId` link). */
const alertPath = (id: number) => `${alert.route}?alertId=${id}`;

/** Which device an alert is about: an AI server's alert has no camera. */
const placeOf = (pending: PendingAlert) => pending.cameraName || pending.aiServerName;

function BellContent(props: { counts: PendingAlerts; open(path: string): void }) {
  const { t } = useLocale();
  const { counts, open } = props;
  if (!counts.known) return <Spin size="small" className="cfop-bell-loading" />;
  return (
    <div className="cfop-bell-panel">
      <div className="cfop-bell-levels">
        {alertLevels.map((level) => {
          const option = levelOptions.find((candidate) => candidate.value === level);
          return (
            <button
              key={level}
              type="button"
              className="cfop-bell-level"
              onClick={() => open(wallPath(level))}
            >
              <Tag color={option?.color ?? 'default'}>{option ? t(option.label) : level}</Tag>
              <span className="cfop-bell-level-count">{counts.byLevel[level]}</span>
            </button>
          );
        })}
      </div>
      {counts.latest.length === 0 ? (
        <div className="cfop-bell-empty">{t(bellTexts.none)}</div>
      ) : (
        <ul className="cfop-bell-list">
          {counts.latest.map((pending) => {
            const option = levelOptions.find((candidate) => candidate.value === pending.level);
            return (
              <li key={pending.id}>
                <button type="button" className="cfop-bell-alert" onClick={() => open(alertPath(pending.id))}>
                  <span className="cfop-bell-alert-title">
                    <Tag color={option?.color ?? 'default'}>{option ? t(option.label) : pending.level}</Tag>
                    <strong>{pending.label}</strong>
                  </span>
                  <span className="cfop-bell-alert-where">
                    <span>{placeOf(pending)}</span>
                    <time dateTime={pending.occurredAt}>{formatDateTime(pending.occurredAt)}</time>
                  </span>
                </button>
              </li>
            );
          })}
        </ul>
      )}
      <button type="button" className="cfop-bell-all" onClick={() => open(wallPath())}>
        {t(bellTexts.viewAll)}
      </button>
    </div>
  );
}

/**
 * The header's bell, for holders of the alert key (the event stream sends no one else alerts): how
 * many alerts wait for an operator, live on every screen; open, the count of each level and the
 * newest few, each a way onto the alert wall.
 */
export function AlertBell() {
  const { currentUser, access } = useSession();
  return currentUser && access[alert.access as AccessKey] ? <PendingAlertBell /> : null;
}

// Past it the badge reads "99+".
const badgeMost = 99;

/**
 * The bell's name holds what its badge shows ("99+"), as a name must hold the visible text, and the
 * whole count when the badge cuts it.
 */
function bellLabel(title: string, counts: { total: number; capped: boolean }, orMore: string): string {
  const whole = `${counts.total}${counts.capped ? orMore : ''}`;
  return counts.total > badgeMost ? `${title} ${badgeMost}+ (${whole})` : `${title} ${whole}`;
}

function PendingAlertBell() {
  const { t } = useLocale();
  const counts = usePendingAlerts();
  const navigate = useRouterNavigate();
  const [shown, setShown] = useState(false);
  const open = (path: string) => {
    setShown(false);
    navigate(path);
  };
  const title = t(bellTexts.title);
  return (
    <Popover
      open={shown}
      onOpenChange={setShown}
      trigger="click"
      placement="bottomRight"
      title={title}
      content={<BellContent counts={counts} open={open} />}
    >
      <button
        type="button"
        className="cfop-header-action cfop-bell"
        aria-label={counts.known ? bellLabel(title, counts, t(bellTexts.orMore)) : title}
        data-pending={counts.known ? counts.total : undefined}
      >
        <Badge count={counts.total} overflowCount={badgeMost} size="small">
          {/* Decorative: the button's label says what it is. */}
          <BellOutlined className="cfop-bell-icon" aria-hidden />
        </Badge>
      </button>
    </Popover>
  );
}
