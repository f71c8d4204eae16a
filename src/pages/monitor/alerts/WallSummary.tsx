import { Button, Checkbox, Segmented } from 'antd';
import { memo } from 'react';
import { useLocale } from '../../../i18n';
import { countText } from '../../../resources/texts';
import { alertLevels } from '../../../session/pending-alerts';
import { alertOptions, optionOf } from '../../../alerts-live/alert-options';
import { alertTexts } from './alert-texts';
import type { LevelCounts } from './use-level-counts';
import { alertWallResource } from './wall-filters';

const statusOptions = alertWallResource.fields.find((field) => field.name === 'status')?.options ?? [];

/**
 * The line above the wall: which status it shows (pending unless changed), the pending alerts of
 * each level among what the filters select (a click filters by that level, again clears it),
 * select all shown, and the keyboard help. Memoised: the wall re-renders every frame while live
 * alerts go onto it, this only when its figures change.
 */
export const WallSummary = memo(function WallSummary(props: {
  status: string;
  level: string | undefined;
  counts: LevelCounts | null;
  /** Cards the operator may select (pending ones shown); null without the handle key. */
  selectable: number | null;
  selectedCount: number;
  onStatus(status: string): void;
  onLevel(level: string | undefined): void;
  onSelectAll(on: boolean): void;
  onHelp(): void;
}) {
  const { t } = useLocale();
  const { counts, selectable, selectedCount } = props;
  return (
    <div className="cfop-alert-summary">
      {selectable !== null && (
        <Checkbox
          checked={selectable > 0 && selectedCount >= selectable}
          indeterminate={selectedCount > 0 && selectedCount < selectable}
          disabled={selectable === 0}
          onChange={(event) => props.onSelectAll(event.target.checked)}
        >
          {t(alertTexts.selectAllShown)}
        </Checkbox>
      )}
      <Segmented
        size="small"
        aria-label={t(alertTexts.statusShown)}
        value={props.status}
        options={statusOptions.map((option) => ({ value: option.value, label: t(option.label) }))}
        onChange={(value) => props.onStatus(String(value))}
      />
      <span className="cfop-alert-levels" role="group" aria-label={t(alertTexts.pendingByLevel)}>
        {alertLevels.map((level) => {
          const option = optionOf(alertOptions.level, level);
          const count = counts ? countText(counts.byLevel[level], counts.cappedLevels.includes(level)) : '–';
          return (
            <Button
              key={level}
              size="small"
              type={props.level === level ? 'primary' : 'text'}
              aria-pressed={props.level === level}
              className={`cfop-alert-level-count cfop-alert-level-${level}`}
              data-level={level}
              onClick={() => props.onLevel(props.level === level ? undefined : level)}
            >
              {option ? t(option.label) : level} <strong>{count}</strong>
            </Button>
          );
        })}
      </span>
      <Button size="small" type="text" className="cfop-alert-help-button" onClick={props.onHelp}>
        {t(alertTexts.shortcuts)} <kbd>?</kbd>
      </Button>
    </div>
  );
});
