import { createLiveAlertStore, type Alert, type StreamOpener } from './live-alert-store';

/** An alert for unit tests: pending, high, on camera 1, occurring `id` seconds after 08:00; `change` overrides. */
export function testAlert(id: number, change: Partial<Alert> = {}): Alert {
  return {
    id,
    revision: id,
    source: 'ai',
    type: 'detection',
    aiServerId: 1,
    aiServerName: '边缘盒子-1',
    cameraId: 1,
    cameraName: '北门-1',
    area: '一号园区',
    taskId: null,
    taskName: '',
    modelId: null,
    modelName: '',
    label: '未戴安全帽',
    level: 'high',
    confidence: 0.9,
    boxes: [],
    snapshotId: 1,
    occurredAt: new Date(Date.parse('2030-01-01T08:00:00.000Z') + id * 1000).toISOString(),
    receivedAt: '2030-01-01T08:01:00.000Z',
    status: 'pending',
    handledBy: null,
    handledByName: '',
    handledAt: null,
    handlingNote: '',
    ...change,
  };
}

/** A store whose flushes run when the test says, and whose stream the test feeds. */
export function manualAlertStore() {
  const flushes: (() => void)[] = [];
  const opened: { closed: boolean; onAlert: (alert: Alert) => void }[] = [];
  const open: StreamOpener = ({ onAlert }) => {
    const stream = { closed: false, onAlert };
    opened.push(stream);
    return { close: () => void (stream.closed = true) };
  };
  const store = createLiveAlertStore({ schedule: (flush) => void flushes.push(flush), open });
  const flush = () => flushes.splice(0).forEach((run) => run());
  return { store, flushes, flush, opened };
}
