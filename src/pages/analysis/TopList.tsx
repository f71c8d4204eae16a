import { Empty, Progress } from 'antd';
import { Link } from 'react-router-dom';
import { useLocale } from '../../i18n';
import { countText, dashboardTexts, pendingOfText } from './dashboard-texts';

export interface TopItem {
  readonly key: string;
  readonly name: string;
  /** A second line: a camera's area. */
  readonly caption?: string;
  readonly count: number;
  readonly pending: number;
  /** The alert wall showing these alerts; null when there is none to open (no access, a deleted camera). */
  readonly to: string | null;
}

/** A ranking: each row's name, its count and pending, and a bar against the first (the largest). */
export function TopList(props: { items: readonly TopItem[]; label: string }) {
  const { t } = useLocale();
  const { items } = props;
  if (items.length === 0)
    return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t(dashboardTexts.noAlerts)} />;
  const most = items[0]?.count ?? 1;
  return (
    <ol className="cfop-dashboard-top" aria-label={props.label}>
      {items.map((item, index) => {
        const row = (
          <>
            <span className="cfop-dashboard-top-rank">{index + 1}</span>
            <span className="cfop-dashboard-top-name">
              <span className="cfop-dashboard-top-title" title={item.name}>
                {item.name}
              </span>
              {item.caption ? <span className="cfop-dashboard-top-caption">{item.caption}</span> : null}
            </span>
            <span className="cfop-dashboard-top-count">
              {t(countText(item.count))}
              {item.pending > 0 ? (
                <span className="cfop-dashboard-top-pending">{t(pendingOfText(item.pending))}</span>
              ) : null}
            </span>
            <Progress
              className="cfop-dashboard-top-bar"
              // A progress bar needs a name: the row's, with its count.
              aria-label={`${item.name} ${t(countText(item.count))}`}
              percent={(item.count / most) * 100}
              showInfo={false}
              // Blue however full: antd turns a bar at 100% green, which would read as "good".
              status="normal"
              size="small"
            />
          </>
        );
        return (
          <li key={item.key}>
            {item.to ? (
              <Link to={item.to} className="cfop-dashboard-top-row">
                {row}
              </Link>
            ) : (
              <div className="cfop-dashboard-top-row">{row}</div>
            )}
          </li>
        );
      })}
    </ol>
  );
}
