import { describe, expect, it } from 'vitest';
import { testAlert } from '../alerts-live/test-alert';
import { noticeLink, noticeText } from './alert-notice';

describe("a desktop notification's words and link", () => {
  const helmet = testAlert(42, {
    level: 'critical',
    label: '未戴安全帽',
    cameraName: '北门-1',
    area: '一号园区',
  });

  it('names the level, the label, the camera, the area and the time, in the reader’s language', () => {
    const zh = noticeText({ count: 1, newest: helmet }, 'zh-CN');
    expect(zh.title).toBe('【紧急】未戴安全帽');
    expect(zh.body).toMatch(/^AI告警 · 北门-1 · 一号园区\n2030/);
    const en = noticeText({ count: 1, newest: helmet }, 'en-US');
    expect(en.title).toBe('[Critical] 未戴安全帽');
    expect(en.body).toMatch(/^AI alert · 北门-1 · 一号园区\n/);
  });

  it('counts a burst and names its newest', () => {
    expect(noticeText({ count: 3, newest: helmet }, 'zh-CN').title).toBe(
      '3 条新告警 · 最新 【紧急】未戴安全帽',
    );
    expect(noticeText({ count: 3, newest: helmet }, 'en-US').title).toBe(
      '3 new alerts · latest [Critical] 未戴安全帽',
    );
  });

  it('names a device alert by its AI server when it has no camera', () => {
    const offline = testAlert(43, {
      source: 'device',
      cameraId: null,
      cameraName: '',
      area: '',
      aiServerName: '边缘盒子-1',
      label: 'AI服务器离线',
    });
    expect(noticeText({ count: 1, newest: offline }, 'zh-CN').body).toMatch(/^设备告警 · 边缘盒子-1\n/);
  });

  it('opens the alert itself, or the wall for a burst', () => {
    expect(noticeLink({ count: 1, newest: helmet })).toBe('/monitor/ai?alertId=42');
    expect(noticeLink({ count: 2, newest: helmet })).toBe('/monitor/ai');
  });
});
