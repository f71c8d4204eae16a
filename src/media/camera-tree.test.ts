import { describe, expect, it } from 'vitest';
import { cameraGroupsOf, groupCameras, matchingCameras, type LiveCamera } from './camera-tree';

const camera = (id: number, change: Partial<LiveCamera> = {}): LiveCamera => ({
  id,
  name: `北门-${id}`,
  code: `CAM-${id}`,
  area: '一号园区',
  status: 'offline',
  aiServerName: null,
  hasSubStream: false,
  ptz: false,
  ...change,
});

describe('the camera tree', () => {
  const cameras = [
    camera(1, { status: 'online', aiServerName: '盒子-A' }),
    camera(2, { area: '二号园区', code: 'GATE-2' }),
    camera(3, { area: '', status: 'online' }),
    camera(4, { area: '一号园区', aiServerName: '盒子-A' }),
  ];

  it('lists each camera group with its cameras, a camera under each of its groups, groups without a match left out', () => {
    const groups = [
      { id: 7, name: '出入口', cameraIds: [4, 2] },
      { id: 8, name: '全部', cameraIds: [1, 2, 3, 4] },
      { id: 9, name: '空组', cameraIds: [] },
    ];
    expect(cameraGroupsOf(cameras, groups).map((g) => [g.key, g.cameras.map((c) => c.id), g.online])).toEqual(
      [
        ['group:7', [2, 4], 0],
        ['group:8', [1, 2, 3, 4], 2],
      ],
    );
    expect(cameraGroupsOf(matchingCameras(cameras, 'GATE'), groups).map((g) => g.key)).toEqual([
      'group:7',
      'group:8',
    ]);
  });

  it('groups by area in pinyin order (二 er before 一 yi) with online counts, the cameras without an area last', () => {
    expect(groupCameras(cameras, 'area').map((g) => [g.name, g.cameras.map((c) => c.id), g.online])).toEqual([
      ['二号园区', [2], 0],
      ['一号园区', [1, 4], 1],
      [null, [3], 1],
    ]);
  });

  it('groups by AI server, the unbound cameras last', () => {
    expect(groupCameras(cameras, 'server').map((g) => [g.key, g.cameras.map((c) => c.id)])).toEqual([
      ['server:盒子-A', [1, 4]],
      ['server:', [2, 3]],
    ]);
  });

  it('finds cameras by name, code, area or AI server, in any case', () => {
    expect(matchingCameras(cameras, '北门-2').map((c) => c.id)).toEqual([2]);
    expect(matchingCameras(cameras, 'gate').map((c) => c.id)).toEqual([2]);
    expect(matchingCameras(cameras, '二号').map((c) => c.id)).toEqual([2]);
    expect(matchingCameras(cameras, '盒子-a').map((c) => c.id)).toEqual([1, 4]);
    expect(matchingCameras(cameras, '  ')).toBe(cameras);
  });
});
