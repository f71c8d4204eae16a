import { Typography } from 'antd';
import { memo } from 'react';
import { toast } from '../../../api';
import { useLocale } from '../../../i18n';
import { ScreenModal } from '../../../resources/screen-overlays';
import { alertApi, type AlertFilters, type AlertHandling } from './alert-api';
import { bulkDoneText, bulkTitle, matchingCappedText, matchingCountText, matchingTitle } from './alert-texts';
import { HandleForm, handlingFields } from './HandleForm';
import type { Alert } from '../../../alerts-live/live-alert-store';
import type { Decision } from './WallToolbar';

/**
 * What one bulk action handles: the selected cards, or every pending alert the wall's filters
 * select (counted before the operator decides, so "all" is never a surprise).
 */
export type BulkTarget =
  | { readonly kind: 'selected'; readonly ids: ReadonlySet<number> }
  | {
      readonly kind: 'matching';
      readonly filters: AlertFilters;
      readonly pending: number;
      readonly pendingCapped: boolean;
    };

/**
 * The dialog handling several alerts at once, open while `decision` is set. Memoised: the wall
 * re-renders every frame while live alerts go onto it, this does not.
 */
export const BulkDialog = memo(function BulkDialog(props: {
  decision: Decision | null;
  target: BulkTarget;
  onCancel(): void;
  onDone(handled: readonly Alert[]): void;
}) {
  const { t } = useLocale();
  const { decision, target } = props;

  async function submit(values: AlertHandling): Promise<void> {
    const options = { formFields: handlingFields };
    if (target.kind === 'selected') {
      const answer = await alertApi.bulkHandle({ ids: [...target.ids], ...values }, options);
      toast('success', t(bulkDoneText(answer.items.length, answer.skipped)));
      props.onDone(answer.items);
      return;
    }
    const answer = await alertApi.handleMatching(target.filters, values, options);
    const done = t(bulkDoneText(answer.handled, answer.skipped));
    toast('success', answer.capped ? `${done}. ${t(matchingCappedText)}` : done);
    props.onDone([]);
  }

  return (
    <ScreenModal
      open={decision !== null}
      title={
        decision &&
        t(target.kind === 'selected' ? bulkTitle(decision, target.ids.size) : matchingTitle(decision))
      }
      footer={null}
      destroyOnHidden
      onCancel={props.onCancel}
    >
      {decision && (
        <>
          {target.kind === 'matching' && (
            <Typography.Paragraph strong className="cfop-alert-matching-count">
              {t(matchingCountText(target.pending, target.pendingCapped))}
            </Typography.Paragraph>
          )}
          <HandleForm name="alert-bulk-handling" initialDecision={decision} noteFirst submit={submit} />
        </>
      )}
    </ScreenModal>
  );
});
