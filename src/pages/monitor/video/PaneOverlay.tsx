import { memo } from 'react';

/**
 * What is drawn over a pane's video: the camera's name, as a monitor's on-screen label. It is a
 * child of its own beside the player, so that something per camera that changes often (the live
 * alerts of `useCameraAlert(cameraId)`, called here) renders this overlay again, never the player.
 */
export const PaneOverlay = memo(function PaneOverlay(props: { cameraId: number; name: string }) {
  return (
    <div className="cfop-pane-overlay" data-camera={props.cameraId}>
      <span className="cfop-pane-name">{props.name}</span>
    </div>
  );
});
