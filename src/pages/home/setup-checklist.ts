import type { AccessKey } from '../../generated/access';
import type { LocalText } from '../../generated/settings';

/** The four things a fresh install needs before it watches anything, in the order they are done. */
export type SetupStep = 'aiServer' | 'camera' | 'task' | 'rule';

/** Whether each step is done, as the server says; absent when the user may not see (nor do) it. */
export type SetupFacts = Partial<Record<SetupStep, boolean>>;

export interface SetupItem {
  readonly step: SetupStep;
  readonly title: LocalText;
  readonly hint: LocalText;
  readonly path: string;
  readonly done: boolean;
}

interface StepDef {
  readonly step: SetupStep;
  /** The key of the step's screen; readSetupFacts reads a step's fact only for its holders. */
  readonly access: AccessKey;
  readonly title: LocalText;
  readonly hint: LocalText;
  readonly path: string;
}

// Analysis tasks are set on a camera (its row's 分析任务), so the task step opens the camera list.
export const setupSteps: readonly StepDef[] = [
  {
    step: 'aiServer',
    access: 'KEY.DEVICE.AISERVER',
    title: { zh: '添加AI服务器', en: 'Add an AI server' },
    hint: { zh: '分析视频并上报告警的边缘设备', en: 'The edge box that analyses video and reports alerts' },
    path: '/equipment/aiserver',
  },
  {
    step: 'camera',
    access: 'KEY.DEVICE.CAMERA',
    title: { zh: '添加摄像头', en: 'Add a camera' },
    hint: { zh: '绑定到AI服务器的视频源', en: 'A video source bound to an AI server' },
    path: '/equipment/camera',
  },
  {
    step: 'task',
    access: 'KEY.DEVICE.CAMERA',
    title: { zh: '配置分析任务', en: 'Set up an analysis task' },
    hint: {
      zh: '在摄像头的“分析任务”中选择模型与区域',
      en: 'Choose a model and a region in a camera’s tasks',
    },
    path: '/equipment/camera',
  },
  {
    step: 'rule',
    access: 'KEY.SYSTEM.NOTIFY',
    title: { zh: '配置通知规则', en: 'Set up a notification rule' },
    hint: { zh: '告警发生时通知谁、如何通知', en: 'Who is told of an alert, and how' },
    path: '/system/notify',
  },
];

/** The checklist's items, each marked from the facts; a step without a fact is left out. */
export function setupItems(facts: SetupFacts): SetupItem[] {
  return setupSteps.flatMap(({ step, title, hint, path }) => {
    const done = facts[step];
    return done === undefined ? [] : [{ step, title, hint, path, done }];
  });
}

/** Shown while some step is left, until the user dismisses it. */
export function checklistShown(items: readonly SetupItem[], dismissed: boolean): boolean {
  return !dismissed && items.some((item) => !item.done);
}

/**
 * A fresh install: no AI server and no camera (as far as the user sees). Its status blocks would
 * all be empty, so the checklist stands in their place.
 */
export function isFreshInstall(facts: SetupFacts): boolean {
  return facts.aiServer !== true && facts.camera !== true;
}
