import { Segmented } from 'antd';
import { lazy, Suspense, useState } from 'react';
import { useLocale } from '../../i18n';
import { dashboardTexts, presetTexts } from './dashboard-texts';
import { presets, type DashboardPreset, type Period } from './period';

const RangeOfDaysPicker = lazy(() => import('./RangeOfDaysPicker'));

type Choice = DashboardPreset | 'custom';

/**
 * The period presets, and a range of days picked by the operator: choosing 自定义 shows the range
 * picker, and the period changes once both days are picked (up to 366 days, none in the future).
 */
export function PeriodPicker(props: { period: Period; onChange(period: Period): void }) {
  const { t } = useLocale();
  const { period, onChange } = props;
  const [picking, setPicking] = useState(false);
  const choice: Choice = period.kind === 'custom' || picking ? 'custom' : period.preset;
  return (
    <div className="cfop-dashboard-period">
      <Segmented<Choice>
        value={choice}
        options={[
          ...presets.map((preset) => ({ value: preset, label: t(presetTexts[preset]) })),
          { value: 'custom' as const, label: t(dashboardTexts.custom) },
        ]}
        onChange={(value) => {
          setPicking(value === 'custom');
          if (value !== 'custom') onChange({ kind: 'preset', preset: value });
        }}
      />
      {choice === 'custom' && (
        <Suspense fallback={null}>
          <RangeOfDaysPicker
            period={period}
            onPicked={(picked) => {
              setPicking(false);
              onChange(picked);
            }}
          />
        </Suspense>
      )}
    </div>
  );
}
