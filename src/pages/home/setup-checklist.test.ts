import { describe, expect, it } from 'vitest';
import { checklistShown, isFreshInstall, setupItems } from './setup-checklist';

describe('the setup checklist of a fresh install', () => {
  it('lists the four steps in order, each marked from what the server holds, leading to its screen', () => {
    const items = setupItems({ aiServer: true, camera: false, task: false, rule: false });
    expect(items.map((item) => [item.title.zh, item.done, item.path])).toEqual([
      ['添加AI服务器', true, '/equipment/aiserver'],
      ['添加摄像头', false, '/equipment/camera'],
      ['配置分析任务', false, '/equipment/camera'],
      ['配置通知规则', false, '/system/notify'],
    ]);
  });

  it('leaves out the steps whose screens the user does not hold', () => {
    expect(setupItems({ camera: true, task: false }).map((item) => item.step)).toEqual(['camera', 'task']);
  });

  it('shows while a step is left, and never once hidden or when nothing is left', () => {
    const halfDone = setupItems({ aiServer: true, camera: false });
    expect(checklistShown(halfDone, false)).toBe(true);
    expect(checklistShown(halfDone, true)).toBe(false);
    expect(checklistShown(setupItems({ aiServer: true, camera: true, task: true, rule: true }), false)).toBe(
      false,
    );
    expect(checklistShown([], false)).toBe(false);
  });

  it('stands in for the status blocks only while there is no device at all', () => {
    expect(isFreshInstall({ aiServer: false, camera: false, task: false, rule: true })).toBe(true);
    expect(isFreshInstall({ rule: false })).toBe(true);
    expect(isFreshInstall({ aiServer: true, camera: false })).toBe(false);
    expect(isFreshInstall({ camera: true })).toBe(false);
  });
});
