import { existsSync, mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { join, resolve } from 'node:path';
import { startServer } from '../server/run-server';
import { must, signIn, type ConsoleApi } from './console-api';
import { demoExposure, demoPassword } from './demo-exposure';
import { demoClock, writeHistory } from './history';
import { startLiveSite } from './live-site';
import { startScenes } from './scenes';
import { seedSite } from './seed';
import { startWebhookReceiver } from './webhook-receiver';

type Env = Readonly<Record<string, string | undefined>>;

/** Marks a data folder the demo made, so a later demo may wipe it and never wipes another. */
const demoMark = '.cfop-demo';

export interface DemoOptions {
  readonly env: Env;
  /** Prints one line for the operator. */
  readonly say: (line: string) => void;
  /** Days of alert history before today; default 30. */
  readonly historyDays?: number;
}

export interface StartedDemo {
  readonly url: string;
  /** Settles with the first live alert's id. */
  readonly firstAlert: Promise<number>;
}

/**
 * The demo's notification rule: every alert of level medium or above goes to the demo's webhook
 * receiver in DingTalk's format, signed, so the terminal shows what a duty group's robot would post.
 * A burst on one camera within a minute comes as one follow-up with its count.
 */
async function createDemoRule(api: ConsoleApi, receiverUrl: string, say: (line: string) => void) {
  await must(
    api.client.POST('/notify-rules', {
      body: {
        name: '演示值班群 / Demo duty group',
        enabled: true,
        labels: [],
        minLevel: 'medium',
        sources: [],
        cameraIds: [],
        aiServerIds: [],
        area: '',
        days: [],
        fromTime: '00:00',
        toTime: '00:00',
        cooldownSeconds: 60,
        webhookKind: 'dingtalk',
        webhookUrl: receiverUrl,
        webhookSecret: 'demo-signing-secret',
        smsUserIds: [],
        smsPhones: [],
      },
    }),
  );
  say(`通知规则 / notification rule: level medium and above to the demo's robot receiver at ${receiverUrl}`);
}

/** A fresh data folder: one a previous demo left is emptied; any other folder with content is refused. */
function freshDataFolder(dataDir: string): void {
  if (existsSync(dataDir) && readdirSync(dataDir).length > 0) {
    if (!existsSync(join(dataDir, demoMark)))
      throw new Error(
        `演示数据目录 ${dataDir} 已有其他数据，请另选 DATA_DIR / ${dataDir} holds data the demo did not make; choose another DATA_DIR`,
      );
    rmSync(dataDir, { recursive: true, force: true });
  }
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  writeFileSync(join(dataDir, demoMark), 'made by npm run demo; the next demo empties this folder\n');
}

/**
 * `npm run demo`: the console on a fresh demo data folder, a seeded site with a month of alert
 * history, and a live one (streams, alerts, heartbeats, passages). `stop` ends everything it started,
 * also while it is still starting. Throws at once, starting nothing, when the settings would serve
 * the public password beyond loopback (see demoExposure).
 */
export function createDemo(options: DemoOptions) {
  const { say } = options;
  const exposure = demoExposure(options.env);
  const stops: (() => Promise<void>)[] = [];
  let stopping = false;
  // Each stop runs after the one before has ended: a signal's stop and a failed start's stop both
  // settle only once everything is stopped (the scenes' temporary folder removed), so neither exits
  // the process while the other is halfway.
  let stopped = Promise.resolve();
  const started = <T extends { stop(): Promise<void> }>(thing: T): T => {
    stops.unshift(() => thing.stop());
    if (stopping) throw new Error('the demo was stopped while starting');
    return thing;
  };

  async function start(): Promise<StartedDemo> {
    const dataDir = resolve(options.env.DATA_DIR?.trim() || 'data-demo');
    const { password } = exposure;
    freshDataFolder(dataDir);
    say(`演示数据目录 / demo data folder: ${dataDir} (fresh)`);
    say('生成摄像头画面、启动服务器 / encoding 6 camera scenes with ffmpeg, starting the server…');
    const clock = demoClock();
    // Side by side: encoding the scenes and opening the store each take seconds.
    const parts = await Promise.allSettled([
      startScenes(),
      startWebhookReceiver(say),
      startServer(
        {
          ...options.env,
          DATA_DIR: dataDir,
          CFOP_ADMIN_PASSWORD: password,
          ...exposure.allowHosts,
          // The test scenes record at about 5 GB an hour: a demo left running keeps the last 2 GB.
          CFOP_RECORDING_QUOTA_GB: options.env.CFOP_RECORDING_QUOTA_GB ?? '2',
        },
        { clock },
      ).then((server) => Object.assign(server, { stop: () => server.close() })),
    ] as const);
    for (const part of parts) if (part.status === 'fulfilled') started(part.value);
    const failed = parts.find((part) => part.status === 'rejected');
    if (failed) throw failed.reason;
    const [scenes, receiver, app] = parts.map((part) => (part as PromiseFulfilledResult<unknown>).value) as [
      Awaited<ReturnType<typeof startScenes>>,
      Awaited<ReturnType<typeof startWebhookReceiver>>,
      Awaited<ReturnType<typeof startServer>>,
    ];
    const { address, port } = app.server.address() as AddressInfo;
    const url = `http://${address.includes(':') ? `[${address}]` : address}:${port}`;

    say('创建AI服务器、摄像头、模型、人员、访客、车辆 / seeding the site through the API…');
    const api = await signIn(url, 'admin', password);
    if (!exposure.reaches.scenes)
      say(
        '摄像头画面在 127.0.0.1 上，服务器不可访问：摄像头以占位地址创建，实时画面与录像为空 / ' +
          'the camera scenes are on 127.0.0.1, which the server may not reach with this HOST: ' +
          'cameras get placeholder addresses, live view and recording stay empty (unless CFOP_CAMERA_ALLOW_HOSTS names 127.0.0.1)',
      );
    const site = await seedSite(api, exposure.reaches.scenes ? scenes.urls : null);
    const days = options.historyDays ?? 30;
    say(`写入 ${days} 天历史告警 / writing ${days} days of alert history…`);
    const written = await writeHistory({ consoleUrl: url, password, site, scenes, clock, days });
    say(`历史告警 / history: ${written} alerts`);
    // After the history: the rule speaks of live alerts, not of a month replayed in seconds.
    if (exposure.reaches.receiver) await createDemoRule(api, receiver.url, say);
    else
      say(
        '通知接收器在 127.0.0.1 上，服务器不可访问：不创建演示通知规则 / ' +
          'the webhook receiver is on 127.0.0.1, which the server may not reach with this HOST: ' +
          'no demo notification rule (unless CFOP_WEBHOOK_ALLOW_HOSTS names 127.0.0.1)',
      );
    const live = started(await startLiveSite(url, site, scenes, say));

    say('');
    say(`控制台 / console:  ${url}`);
    say(`用户名 / user:     admin`);
    say(
      password !== demoPassword
        ? '密码 / password:   as CFOP_ADMIN_PASSWORD'
        : `演示密码 / demo password: ${demoPassword}`,
    );
    say(
      `AI服务器 ${site.servers.length} 台、摄像头 ${site.sceneOf.size} 路在线；每 4 秒一条实时告警，闸机不时上报通行`,
    );
    say('Live: an alert every 4 s, heartbeats, gate passages now and then. Ctrl-C stops everything.');
    say('');
    return { url, firstAlert: live.firstAlert };
  }

  return {
    start,
    stop(): Promise<void> {
      stopping = true;
      stopped = stopped.then(async () => {
        for (const stop of stops.splice(0))
          await stop().catch((error: unknown) => say(`! stopping: ${String(error)}`));
      });
      return stopped;
    },
  };
}
