import { memo } from 'react';
import { toast } from '../../../api';
import { useLocale } from '../../../i18n';
import { ScreenModal } from '../../../resources/screen-overlays';
import { alertApi } from './alert-api';
import { bulkDoneText, bulkTitle } from './alert-texts';
import { HandleForm, handlingFields } from './HandleForm';
import type { Alert } from './live-alert-store';
import type { Decision } from './WallToolbar';

/**
 * The dialog handling the selected alerts at once, open while `decision` is set. Memoised: the wall
 * re-renders every frame while live alerts go onto it, this does not.
 */
export const BulkDialog = memo(function BulkDialog(props: {
  decision: Decision | null;
  selected: ReadonlySet<number>;
  onCancel(): void;
  onDone(handled: readonly Alert[]): void;
}) {
  const { t } = useLocale();
  const { decision, selected } = props;
  return (
    <ScreenModal
      open={decision !== null}
      title={decision && t(bulkTitle(decision, selected.size))}
      footer={null}
      destroyOnHidden
      onCancel={props.onCancel}
    >
      {decision && (
        <HandleForm
          name="alert-bulk-handling"
          initialDecision={decision}
          submit={async (values) => {
            const answer = await alertApi.bulkHandle(
              { ids: [...selected], ...values },
              { formFields: handlingFields },
            );
            toast('success', t(bulkDoneText(answer.items.length, answer.skipped)));
            props.onDone(answer.items);
          }}
        />
      )}
    </ScreenModal>
  );
});
