import { memo } from 'react';
import { formatDateTime, useLocale } from '../../../i18n';
import { alertOptions, optionOf } from '../../../alerts-live/alert-options';
import { alertTexts } from './alert-texts';
import type { Alert } from '../../../alerts-live/live-alert-store';
import { LiveVideoButton, PlaybackButton } from './LiveVideoButton';
import { AlertMedia } from './SnapshotView';
import { alertPlace, isSystemAlert } from '../../../alerts-live/system-alert';

/**
 * One alert on the wall: snapshot with boxes, what, how serious, where, when, its state, and ways
 * to its camera's live video and to its recording at the alert's time. A system alert (a device's health) shows what it concerns in place of
 * a snapshot, and no confidence.
 */
export const AlertCard = memo(function AlertCard(props: {
  alert: Alert;
  selected: boolean;
  /** The card the wall's keys act on: the one card in the tab order (a roving tabindex). */
  focused: boolean;
  /** Its place on the wall (from 1) and how many the wall holds, for screen readers of the feed. */
  position: number;
  setSize: number;
  onFocus(id: number): void;
  onOpen(alert: Alert): void;
  /** Null: no checkbox, the operator may not handle alerts. */
  onSelect: ((id: number, selected: boolean) => void) | null;
}) {
  const { alert, onSelect } = props;
  const { t } = useLocale();
  const level = optionOf(alertOptions.level, alert.level);
  const status = optionOf(alertOptions.status, alert.status);
  return (
    <article
      className={`cfop-alert-card cfop-alert-card-${alert.status}${props.selected ? ' cfop-alert-card-selected' : ''}`}
      aria-label={`${alert.label} ${alertPlace(alert)}`}
      aria-posinset={props.position}
      aria-setsize={props.setSize}
      data-alert-id={alert.id}
      // Enter and the wall's other keys are the wall's (wall-keys.ts), whichever card is focused.
      tabIndex={props.focused ? 0 : -1}
      onFocus={(event) => {
        if (event.target === event.currentTarget) props.onFocus(alert.id);
      }}
      onClick={() => props.onOpen(alert)}
    >
      <div className="cfop-alert-card-media">
        <AlertMedia alert={alert} onWall />
        {/* Plain elements styled as antd's: a burst mounts dozens of cards at once, and antd's
            Checkbox and Tag made each one's first render several times heavier. */}
        {onSelect && (
          <input
            type="checkbox"
            className="cfop-alert-card-check"
            checked={props.selected}
            aria-label={`${t(alertTexts.selectCard)} #${alert.id}`}
            onClick={(event) => event.stopPropagation()}
            onChange={(event) => onSelect(alert.id, event.target.checked)}
          />
        )}
        <span className={`cfop-alert-tag cfop-alert-tag-${level?.color ?? 'default'} cfop-alert-card-level`}>
          {level ? t(level.label) : alert.level}
        </span>
        <span className="cfop-alert-card-links">
          <LiveVideoButton alertId={alert.id} cameraId={alert.cameraId} compact />
          <PlaybackButton alertId={alert.id} cameraId={alert.cameraId} at={alert.occurredAt} compact />
        </span>
      </div>
      <div className="cfop-alert-card-body">
        <div className="cfop-alert-card-title">
          <strong>{alert.label}</strong>
          {!isSystemAlert(alert) && (
            <span className="cfop-alert-card-confidence">{Math.round(alert.confidence * 100)}%</span>
          )}
        </div>
        <div className="cfop-alert-card-where">
          {alertPlace(alert)}
          {alert.area && ` · ${alert.area}`}
        </div>
        <div className="cfop-alert-card-foot">
          <time dateTime={alert.occurredAt}>{formatDateTime(alert.occurredAt)}</time>
          <span
            className={`cfop-alert-tag cfop-alert-tag-filled cfop-alert-tag-${status?.color ?? 'default'}`}
          >
            {status ? t(status.label) : alert.status}
          </span>
        </div>
      </div>
    </article>
  );
});
