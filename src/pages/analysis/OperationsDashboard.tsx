import './dashboard.css';
import { Card, Empty, Spin, Tag, theme } from 'antd';
import { useCallback, useMemo, type ReactNode } from 'react';
import { browserTimeZone } from '../../api';
import { dateTimeFormat, useLocale } from '../../i18n';
import { LoadFailure } from '../../resources/LoadFailure';
import { RefreshButton } from '../../resources/RefreshButton';
import { useSession } from '../../session';
import { useRouterNavigate, useScreenLocation, useScreenQueryNavigate } from '../../session/screen-location';
import { levelOption, statusOption, trendOption } from './chart-options';
import { dashboardTexts, periodText, updatedText } from './dashboard-texts';
import { EChart, type ChartClick, type ChartOption } from './EChart';
import { dashboardKpis, KpiCards } from './KpiCards';
import { periodFromSearch, queryOfPeriod, searchOfPeriod, type Period } from './period';
import { PeriodPicker } from './PeriodPicker';
import { alertSpan, filteredUrl, screenOf, type AlertFilters } from '../shared/screen-links';
import { bucketSpan, type OperationsDashboard as Figures } from './series';
import { TopList } from './TopList';
import { useDashboard } from './use-dashboard';

/** An instant as the operator reads it, in the zone the figures were bucketed by. */
function timeText(instant: string | Date, timeZone: string, locale: string): string {
  return dateTimeFormat(locale, {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hour12: false,
  }).format(new Date(instant));
}

/** The screens the dashboard opens, when the operator may open them. */
function useScreenUrls() {
  const { canOpen } = useSession();
  return useMemo(() => {
    const url = (resource: 'alert' | 'camera' | 'aiserver') => {
      const route = screenOf(resource);
      return canOpen(route)
        ? (filters: Readonly<Record<string, string | number | undefined>>) => filteredUrl(route, filters)
        : null;
    };
    return { alerts: url('alert'), cameras: url('camera'), aiServers: url('aiserver') };
  }, [canOpen]);
}

/** A card holding a chart: a skeleton until the first figures, a note when the period has no alerts. */
function ChartCard(props: {
  title: string;
  className: string;
  figures: Figures | null;
  children: ReactNode;
}) {
  const { t } = useLocale();
  const { figures } = props;
  return (
    <Card variant="borderless" title={props.title} className={props.className} loading={figures === null}>
      {figures !== null &&
        (figures.alerts.total === 0 ? (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t(dashboardTexts.noAlerts)} />
        ) : (
          props.children
        ))}
    </Card>
  );
}

/**
 * 运营看板: the period's alerts (total, unhandled, handled and false-alarm ratios, mean time to
 * handle, trend by level, level and status shares, the cameras and types raising most) beside the
 * devices online now. The period is the URL's query; every figure, bar, slice and ranked row opens
 * the alert wall (or device list) filtered to what it counts. Refreshes every minute while shown.
 */
export default function OperationsDashboard() {
  const { t, locale } = useLocale();
  const { token } = theme.useToken();
  const { search } = useScreenLocation();
  const navigateQuery = useScreenQueryNavigate();
  const navigate = useRouterNavigate();
  const period = useMemo(() => periodFromSearch(new URLSearchParams(search)), [search]);
  const timeZone = useMemo(() => browserTimeZone(), []);
  const query = useMemo(() => queryOfPeriod(period, timeZone), [period, timeZone]);
  const { data, current, loading, failed, updatedAt, reload } = useDashboard(query);
  const urls = useScreenUrls();

  const setPeriod = (next: Period) => navigateQuery(searchOfPeriod(next), { replace: false });

  /**
   * The alert wall filtered to the period (or a part of it) and `filters`, on the AI's alerts unless
   * they say otherwise (the figures count them apart); null without access.
   */
  const alertsUrl = useCallback(
    (filters: AlertFilters, span?: { from: string; to: string }) => {
      if (!urls.alerts || !data) return null;
      const { from, to } = span ?? data.period;
      return urls.alerts({ ...alertSpan(from, to), source: 'ai', ...filters });
    },
    [urls, data],
  );
  const openAlerts = (filters: AlertFilters, span?: { from: string; to: string }) => {
    const url = alertsUrl(filters, span);
    if (url) navigate(url);
  };
  const clickable = urls.alerts !== null;

  const options = useMemo(
    () =>
      data && {
        figures: data,
        trend: trendOption(data, token, t),
        level: levelOption(data, token, t),
        status: statusOption(data, token, t),
      },
    [data, token, t],
  );
  const chart = (option: ChartOption, label: string, onClick: (event: ChartClick) => void) => (
    <EChart
      option={option}
      label={label}
      className={clickable ? 'cfop-dashboard-chart cfop-dashboard-chart-link' : 'cfop-dashboard-chart'}
      onClick={clickable ? onClick : undefined}
    />
  );
  const sliceId = (event: ChartClick) => (event.data as { id: string }).id;

  const kpis =
    data &&
    dashboardKpis(data, t, {
      alerts: alertsUrl({}),
      pending: alertsUrl({ status: 'pending' }),
      deviceAlerts: alertsUrl({ source: 'device' }),
      aiServers: urls.aiServers?.({ status: 'offline' }) ?? null,
      cameras: urls.cameras?.({ status: 'offline' }) ?? null,
    });

  const header = (
    <div className="cfop-dashboard-toolbar">
      <PeriodPicker period={period} onChange={setPeriod} />
      <RefreshButton busy={loading} onClick={reload} />
    </div>
  );

  return (
    <div className="cfop-stack cfop-dashboard">
      <Card
        variant="borderless"
        title={t(dashboardTexts.title)}
        extra={header}
        className="cfop-dashboard-head"
      >
        <div className="cfop-dashboard-meta">
          {data && (
            <span className="cfop-dashboard-period-text">
              {t(
                periodText(
                  timeText(data.period.from, data.period.timeZone, locale),
                  timeText(data.period.to, data.period.timeZone, locale),
                ),
              )}
            </span>
          )}
          {updatedAt && (
            <span>
              {t(
                updatedText(dateTimeFormat(locale, { timeStyle: 'medium', hour12: false }).format(updatedAt)),
              )}
            </span>
          )}
          <span>{t(dashboardTexts.autoRefresh)}</span>
          {failed && current && <Tag color="warning">{t(dashboardTexts.refreshFailed)}</Tag>}
        </div>
      </Card>
      {failed && !current ? (
        <Card variant="borderless">
          <LoadFailure text={t(dashboardTexts.loadFailed)} onRetry={reload} />
        </Card>
      ) : (
        // The figures of the period shown before stay, veiled, while the new period's load.
        <Spin spinning={data !== null && !current}>
          <div className="cfop-stack">
            <KpiCards kpis={kpis} />
            <div className="cfop-dashboard-grid">
              <ChartCard title={t(dashboardTexts.trend)} className="cfop-dashboard-wide" figures={data}>
                {options &&
                  chart(options.trend, t(dashboardTexts.trend), (event) =>
                    openAlerts(
                      { level: event.seriesId as AlertFilters['level'] },
                      bucketSpan(options.figures, event.dataIndex),
                    ),
                  )}
              </ChartCard>
              <ChartCard title={t(dashboardTexts.byLevel)} className="cfop-dashboard-level" figures={data}>
                {options &&
                  chart(options.level, t(dashboardTexts.byLevel), (event) =>
                    openAlerts({ level: sliceId(event) as AlertFilters['level'] }),
                  )}
              </ChartCard>
              <ChartCard title={t(dashboardTexts.byStatus)} className="cfop-dashboard-status" figures={data}>
                {options &&
                  chart(options.status, t(dashboardTexts.byStatus), (event) =>
                    openAlerts({ status: sliceId(event) as AlertFilters['status'] }),
                  )}
              </ChartCard>
              <Card
                variant="borderless"
                title={t(dashboardTexts.topCameras)}
                loading={data === null}
                className="cfop-dashboard-cameras"
              >
                {data && (
                  <TopList
                    label={t(dashboardTexts.topCameras)}
                    items={data.topCameras.map((camera) => ({
                      key: String(camera.cameraId),
                      name: camera.cameraId === null ? t(dashboardTexts.deletedCamera) : camera.cameraName,
                      caption: camera.area,
                      count: camera.count,
                      pending: camera.pending,
                      to: camera.cameraId === null ? null : alertsUrl({ cameraId: camera.cameraId }),
                    }))}
                  />
                )}
              </Card>
              <Card
                variant="borderless"
                title={t(dashboardTexts.topLabels)}
                loading={data === null}
                className="cfop-dashboard-labels"
              >
                {data && (
                  <TopList
                    label={t(dashboardTexts.topLabels)}
                    items={data.topLabels.map((type) => ({
                      key: type.label,
                      name: type.label,
                      count: type.count,
                      pending: type.pending,
                      to: alertsUrl({ label: type.label }),
                    }))}
                  />
                )}
              </Card>
            </div>
          </div>
        </Spin>
      )}
    </div>
  );
}
