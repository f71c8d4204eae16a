import { Drawer, type DrawerProps } from 'antd';
import { useScreenShown } from '../session/screen-visibility';

// A module of its own, apart from ScreenModal (screen-overlays.tsx): a screen that opens only
// drawers (the video wall's) loads no modal code.

/** An antd Drawer that is open only while its screen is shown (see screen-overlays.tsx). */
export function ScreenDrawer(props: DrawerProps) {
  const shown = useScreenShown();
  return <Drawer {...props} open={props.open === true && shown} />;
}
