import { memo } from 'react';
import { PaneAlert } from './PaneAlert';

/**
 * What is drawn over a pane's video: the camera's name, as a monitor's on-screen label, and its
 * pending live alert. It is a child of its own beside the player, so that what changes often per
 * camera (its alerts) renders the overlay again, never the player.
 */
export const PaneOverlay = memo(function PaneOverlay(props: { cameraId: number; name: string }) {
  return (
    <div className="cfop-pane-overlay" data-camera={props.cameraId}>
      <span className="cfop-pane-name">{props.name}</span>
      <PaneAlert cameraId={props.cameraId} />
    </div>
  );
});
