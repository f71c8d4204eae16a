import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { siteTime } from '../kernel/zoned-time';
import {
  alertLink,
  dingTalkSign,
  feishuSign,
  smsText,
  snapshotLink,
  webhookAccepted,
  webhookRequest,
  type MessageFacts,
} from './message-formats';
import type { Notice } from './notice';

const notice: Notice = {
  alertId: 42,
  source: 'ai',
  type: 'detection',
  level: 'high',
  label: '未戴安全帽',
  labelEn: 'no helmet',
  cameraId: 7,
  cameraName: '东门 1 号',
  area: '东门',
  aiServerId: 3,
  aiServerName: 'box',
  occurredAt: '2030-01-01T08:00:05.000Z',
  snapshotFileId: 9,
};

// Signatures computed apart (Python's hmac) for secret SECabc123 at 2030-01-01T00:00:00Z.
const secret = 'SECabc123';
const at = new Date(1893484800000);

// The snapshot link made at `at`, lasting 72 hours, signed apart from the code under test.
const links = { secret: Buffer.from('snapshot-link-key'), lifetimeMs: 72 * 3_600_000 };
const expires = 1893484800 + 72 * 3600;
const linkSignature = createHmac('sha256', links.secret)
  .update(`alert-snapshot\n9\n${expires}`)
  .digest('base64url');
const signedSnapshot = `https://console.example.com/cfop/shared/alert-snapshots/9?expires=${expires}&signature=${linkSignature}`;

const facts = (count = 1): MessageFacts => ({
  notice,
  count,
  alertUrl: alertLink('https://console.example.com/', notice),
  snapshotUrl: snapshotLink('https://console.example.com', '/cfop', notice, links, at),
  timeZone: 'Asia/Shanghai',
});

describe('message formats', () => {
  it('signs DingTalk as its robot documents: base64 HMAC-SHA256 of "timestamp\\nsecret", URL-encoded', () => {
    expect(dingTalkSign(secret, at.getTime())).toBe('pPWhf2PfJGn2xH0bQugADREpMCUcBXJhG1mgDhk4k5k=');
    const request = webhookRequest(
      'dingtalk',
      { url: 'https://oapi.dingtalk.com/robot/send?access_token=abc', secret },
      facts(),
      at,
    );
    expect(request.url).toBe(
      'https://oapi.dingtalk.com/robot/send?access_token=abc&timestamp=1893484800000&sign=pPWhf2PfJGn2xH0bQugADREpMCUcBXJhG1mgDhk4k5k%3D',
    );
    const body = JSON.parse(request.body);
    expect(body.msgtype).toBe('markdown');
    expect(body.markdown.title).toBe('【高】未戴安全帽');
    // Level, type, camera, area, the site's time, both links.
    expect(body.markdown.text).toContain('高 (high)');
    expect(body.markdown.text).toContain('未戴安全帽 / no helmet');
    expect(body.markdown.text).toContain('东门 1 号');
    expect(body.markdown.text).toContain('2030-01-01 16:00:05 (Asia/Shanghai)');
    expect(body.markdown.text).toContain(
      '(https://console.example.com/monitor/ai?alertId=42&from=2030-01-01T08%3A00%3A05.000Z&cameraId=7)',
    );
    // DingTalk shows the snapshot itself, through the signed link a phone opens without signing in.
    expect(body.markdown.text).toContain(`![抓拍图 / Snapshot](${signedSnapshot})`);
  });

  it('leaves an unsigned DingTalk URL as it is', () => {
    const request = webhookRequest(
      'dingtalk',
      { url: 'https://d.example/robot?access_token=a', secret: '' },
      facts(),
      at,
    );
    expect(request.url).toBe('https://d.example/robot?access_token=a');
  });

  it('tells a merged message its count', () => {
    const body = JSON.parse(
      webhookRequest('wecom', { url: 'https://w.example/', secret: '' }, facts(5), at).body,
    );
    expect(body).toMatchObject({ msgtype: 'markdown' });
    expect(body.markdown.content).toContain('另有 4 条 / and 4 more');
    expect(body.markdown.content).toContain('数量 Count: 5');
    // WeCom's markdown shows no images: the snapshot is a link.
    expect(body.markdown.content).toContain(`[抓拍图 / Snapshot](${signedSnapshot})`);
  });

  it('signs Feishu in the body: HMAC-SHA256 keyed by "timestamp\\nsecret" over nothing', () => {
    expect(feishuSign(secret, 1893484800)).toBe('WxyS4Z4rtniI6jSqPA1wdtqcUs9ZVRbkdfccR8u4+jE=');
    const body = JSON.parse(
      webhookRequest('feishu', { url: 'https://f.example/hook', secret }, facts(), at).body,
    );
    expect(body).toMatchObject({
      timestamp: '1893484800',
      sign: 'WxyS4Z4rtniI6jSqPA1wdtqcUs9ZVRbkdfccR8u4+jE=',
      msg_type: 'text',
    });
    expect(body.content.text).toContain('【高】未戴安全帽');
    expect(body.content.text).toContain(`抓拍图 / Snapshot: ${signedSnapshot}`);
  });

  it('sends the alert fields as plain JSON', () => {
    const body = JSON.parse(
      webhookRequest('json', { url: 'https://j.example/', secret: '' }, facts(3), at).body,
    );
    expect(body).toMatchObject({
      event: 'alert',
      alertId: 42,
      level: 'high',
      label: '未戴安全帽',
      cameraName: '东门 1 号',
      area: '东门',
      occurredAt: '2030-01-01T08:00:05.000Z',
      occurredAtLocal: '2030-01-01 16:00:05',
      count: 3,
      snapshotUrl: signedSnapshot,
    });
  });

  it('reads a robot refusing in a 200 answer as a failure', () => {
    expect(webhookAccepted('dingtalk', 200, '{"errcode":0,"errmsg":"ok"}')).toBe(true);
    expect(webhookAccepted('dingtalk', 200, '{"errcode":310000,"errmsg":"sign not match"}')).toBe(false);
    expect(webhookAccepted('feishu', 200, '{"code":19021,"msg":"sign match fail"}')).toBe(false);
    expect(webhookAccepted('json', 500, '')).toBe(false);
    expect(webhookAccepted('json', 204, '')).toBe(true);
  });

  it('keeps the SMS short: level, type, place, local time, count and link', () => {
    expect(smsText(facts(2))).toBe(
      '【告警·高】未戴安全帽 东门 1 号 东门 01-01 16:00（另有 1 条） https://console.example.com/monitor/ai?alertId=42&from=2030-01-01T08%3A00%3A05.000Z&cameraId=7',
    );
    expect(siteTime('2030-06-30T23:30:00.000Z', 'Asia/Shanghai')).toBe('2030-07-01 07:30:00');
  });
});
