import { memo } from 'react';
import { useLocale } from '../../../i18n';
import { ScreenModal } from '../../../resources/screen-overlays';
import { alertTexts } from './alert-texts';
import { wallShortcuts } from './wall-keys';

/** The keyboard help of the alert wall ("?" opens it, Esc closes it). */
export const WallHelp = memo(function WallHelp(props: { open: boolean; onClose(): void }) {
  const { t } = useLocale();
  return (
    <ScreenModal open={props.open} title={t(alertTexts.shortcuts)} footer={null} onCancel={props.onClose}>
      <table className="cfop-alert-shortcuts">
        <tbody>
          {wallShortcuts.map((shortcut) => (
            <tr key={shortcut.text.en}>
              <th scope="row">
                {shortcut.keys.map((key) => (
                  <kbd key={key}>{key}</kbd>
                ))}
              </th>
              <td>{t(shortcut.text)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </ScreenModal>
  );
});
