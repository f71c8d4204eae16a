import { describe, expect, it } from 'vitest';
import type { AccessKeyInfo } from '../../generated/access';
import { accessKeyTree, checkState, isGrantable, toggleKey, type AccessKeyNode } from './access-tree';

const info = (key: string, parent: string | null = null) =>
  ({ key, label: { zh: key, en: key }, parent }) as AccessKeyInfo;

const tree = accessKeyTree([
  info('KEY.DEVICE'),
  info('KEY.DEVICE.AISERVER', 'KEY.DEVICE'),
  info('KEY.DEVICE.CAMERA', 'KEY.DEVICE'),
  info('KEY.MODEL'),
]);
const [device, model] = tree as [AccessKeyNode, AccessKeyNode];
const [aiserver, camera] = device.children as [AccessKeyNode, AccessKeyNode];

describe('the access key tree', () => {
  it('nests keys under their parents in manifest order', () => {
    expect(tree.map((node) => [node.key, node.children.map((child) => child.key)])).toEqual([
      ['KEY.DEVICE', ['KEY.DEVICE.AISERVER', 'KEY.DEVICE.CAMERA']],
      ['KEY.MODEL', []],
    ]);
    expect(accessKeyTree().map((node) => node.key)).toContain('KEY.SYSTEM');
  });

  it('half-checks a parent holding some of its leaves, checks it holding all', () => {
    expect(checkState(device, new Set(['KEY.DEVICE', 'KEY.DEVICE.CAMERA']))).toBe('half');
    expect(checkState(device, new Set(['KEY.DEVICE.AISERVER', 'KEY.DEVICE.CAMERA']))).toBe('checked');
    expect(checkState(device, new Set(['KEY.DEVICE']))).toBe('unchecked');
    expect(checkState(model, new Set(['KEY.MODEL']))).toBe('checked');
  });

  it('checks or unchecks a parent with all its leaves', () => {
    expect(toggleKey(tree, [], device, true)).toEqual([
      'KEY.DEVICE',
      'KEY.DEVICE.AISERVER',
      'KEY.DEVICE.CAMERA',
    ]);
    expect(toggleKey(tree, ['KEY.DEVICE', 'KEY.DEVICE.CAMERA', 'KEY.MODEL'], device, false)).toEqual([
      'KEY.MODEL',
    ]);
  });

  it('holds a parent while any leaf below it is held', () => {
    const one = toggleKey(tree, [], camera, true);
    expect(one).toEqual(['KEY.DEVICE', 'KEY.DEVICE.CAMERA']);
    const both = toggleKey(tree, one, aiserver, true);
    expect(both).toEqual(['KEY.DEVICE', 'KEY.DEVICE.AISERVER', 'KEY.DEVICE.CAMERA']);
    expect(toggleKey(tree, toggleKey(tree, both, camera, false), aiserver, false)).toEqual([]);
  });

  it('lets a user (un)check a key only when they hold it and every key below it', () => {
    const holds =
      (...keys: string[]) =>
      (key: string) =>
        keys.includes(key);
    expect(isGrantable(camera, holds('KEY.DEVICE.CAMERA'))).toBe(true);
    expect(isGrantable(aiserver, holds('KEY.DEVICE.CAMERA'))).toBe(false);
    expect(isGrantable(device, holds('KEY.DEVICE', 'KEY.DEVICE.CAMERA'))).toBe(false);
    expect(isGrantable(device, holds('KEY.DEVICE', 'KEY.DEVICE.AISERVER', 'KEY.DEVICE.CAMERA'))).toBe(true);
    expect(isGrantable(device, holds('KEY.DEVICE.AISERVER', 'KEY.DEVICE.CAMERA'))).toBe(false);
  });
});
