import { Card, Statistic } from 'antd';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import type { LocalText } from '../../generated/settings';
import { durationText } from '../../i18n/duration-text';
import { dashboardTexts, offlineText, pendingText } from './dashboard-texts';
import { percentText, type OperationsDashboard } from './series';

/** One figure; with a `to`, the card opens the screen listing what it counts. */
export interface Kpi {
  readonly key: string;
  readonly title: string;
  readonly value: number | string;
  readonly suffix?: string;
  readonly note?: ReactNode;
  /** Draws the eye: unhandled alerts, offline devices. */
  readonly alarm?: boolean;
  readonly to?: string | null;
}

/**
 * The dashboard's figures as cards: the AI's alerts of the period first, then the devices' alerts
 * of the period, then the devices now.
 */
export function dashboardKpis(
  dashboard: OperationsDashboard,
  t: (text: LocalText) => string,
  links: {
    alerts: string | null;
    pending: string | null;
    deviceAlerts: string | null;
    aiServers: string | null;
    cameras: string | null;
  },
): Kpi[] {
  const { alerts, deviceAlerts, devices } = dashboard;
  return [
    { key: 'alerts', title: t(dashboardTexts.alerts), value: alerts.total, to: links.alerts },
    {
      key: 'pending',
      title: t(dashboardTexts.pending),
      value: alerts.pending,
      alarm: alerts.pending > 0,
      to: links.pending,
    },
    {
      key: 'handled',
      title: t(dashboardTexts.handledRatio),
      value: percentText(alerts.handledRatio),
      note: `${t(dashboardTexts.falseAlarmRatio)} ${percentText(alerts.falseAlarmRatio)}`,
    },
    {
      key: 'handling-time',
      title: t(dashboardTexts.meanHandling),
      ...(alerts.meanHandlingSeconds === null
        ? { value: '—', note: t(dashboardTexts.noneHandled) }
        : { value: t(durationText(alerts.meanHandlingSeconds)) }),
    },
    {
      key: 'device-alerts',
      title: t(dashboardTexts.deviceAlerts),
      value: deviceAlerts.total,
      note: t(pendingText(deviceAlerts.pending)),
      alarm: deviceAlerts.pending > 0,
      to: links.deviceAlerts,
    },
    {
      key: 'ai-servers',
      title: t(dashboardTexts.aiServersOnline),
      value: devices.aiServers.online,
      suffix: `/ ${devices.aiServers.total}`,
      note: t(offlineText(devices.aiServers.offline)),
      alarm: devices.aiServers.offline > 0,
      to: links.aiServers,
    },
    {
      key: 'cameras',
      title: t(dashboardTexts.camerasOnline),
      value: devices.cameras.online,
      suffix: `/ ${devices.cameras.total}`,
      note: t(offlineText(devices.cameras.offline)),
      alarm: devices.cameras.offline > 0,
      to: links.cameras,
    },
  ];
}

/**
 * A figure written with its units ("8 小时 0 分", "48.6%"): the units smaller than the numbers, as
 * the suffix of a count is, so a duration fits a card's width on one line.
 */
function figureWithUnits(value: string): ReactNode {
  // Split around a captured group: the odd parts are the numbers.
  return value.split(/([\d.]+)/).map((part, index) => {
    const unit = index % 2 === 0 && part.trim() !== '' && part !== '—';
    return unit ? (
      <span key={index} className="cfop-dashboard-kpi-unit">
        {part}
      </span>
    ) : (
      part
    );
  });
}

/** The row of figure cards; skeletons while the first figures load. */
export function KpiCards(props: { kpis: readonly Kpi[] | null }) {
  if (props.kpis === null)
    return (
      <div className="cfop-dashboard-kpis">
        {Array.from({ length: 7 }, (_, index) => (
          <Card key={index} variant="borderless" loading />
        ))}
      </div>
    );
  return (
    <div className="cfop-dashboard-kpis">
      {props.kpis.map((kpi) => {
        const figure = (
          <Card variant="borderless" hoverable={Boolean(kpi.to)} className="cfop-dashboard-kpi">
            <Statistic
              title={kpi.title}
              value={kpi.value}
              {...(typeof kpi.value === 'string' && { formatter: (value) => figureWithUnits(String(value)) })}
              suffix={kpi.suffix}
              className={kpi.alarm ? 'cfop-dashboard-kpi-alarm' : undefined}
            />
            {kpi.note ? <div className="cfop-dashboard-kpi-note">{kpi.note}</div> : null}
          </Card>
        );
        return kpi.to ? (
          <Link key={kpi.key} to={kpi.to} data-kpi={kpi.key}>
            {figure}
          </Link>
        ) : (
          <div key={kpi.key} data-kpi={kpi.key}>
            {figure}
          </div>
        );
      })}
    </div>
  );
}
