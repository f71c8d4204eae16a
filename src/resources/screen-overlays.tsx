import { Modal, type ModalProps } from 'antd';
import { useScreenShown } from '../session/screen-visibility';

export { ScreenDrawer } from './screen-drawer';

// Drawers and modals render into document.body, outside the screen's own box, so hiding a kept
// screen does not hide them: they close while it is hidden (their state stays with the screen)
// and open again when it is shown. Their body scroll lock and focus trap go with them.

/** An antd Modal that is open only while its screen is shown. */
export function ScreenModal(props: ModalProps) {
  const shown = useScreenShown();
  return <Modal {...props} open={props.open === true && shown} />;
}
