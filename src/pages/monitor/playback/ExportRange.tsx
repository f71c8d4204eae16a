import { lazy, Suspense } from 'react';

// The panel's time pickers load when it first opens: most who play back never export, and the
// playback screen's chunk stays within its budget.
const ExportRangeDialog = lazy(() => import('./ExportRangeDialog'));

/** 导出片段's panel (ExportRangeDialog), loaded on demand. */
export function ExportRangePanel(props: Parameters<typeof ExportRangeDialog>[0]) {
  return (
    <Suspense fallback={null}>
      <ExportRangeDialog {...props} />
    </Suspense>
  );
}
