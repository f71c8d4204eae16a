import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { RuleTester } from 'eslint';
import tseslint from 'typescript-eslint';
import { describe, expect, it } from 'vitest';
import rooms, { exceptions, rooms as roomTable } from './rooms.js';

RuleTester.describe = describe;
RuleTester.it = it;

const rule = rooms.rules.imports;
const tester = new RuleTester({ languageOptions: { parser: tseslint.parser } });
// The rule names files from the working directory, the repository's root under vitest.
const at = (path: string) => join(process.cwd(), path);

tester.run('rooms/imports', rule, {
  valid: [
    {
      filename: at('src/resources/field-rules.ts'),
      code: "import { fieldRules } from './constraint-rules';",
    },
    {
      filename: at('src/pages/login/SmsLoginForm.tsx'),
      code: "import { fieldCheck } from '../../resources/constraint-rules';",
    },
    // server/resources is the server's own folder, not the console's src/resources.
    {
      filename: at('server/accounts/role-resource.ts'),
      code: "import type { ResourceDefinition } from '../resources/resource-definition';",
    },
    {
      filename: at('server/resources/field-labels.ts'),
      code: "import { fieldLabels } from '../../src/generated/field-labels';",
    },
    {
      filename: at('src/generated/routes.ts'),
      code: "import type { ResourceSource } from '../resources/descriptors';\nconst load = () => import('../pages/home/HomePage');",
    },
    {
      filename: at('codegen/resources.ts'),
      code: "import { fieldDefaults } from '../src/resources/descriptors';",
    },
    {
      filename: at('server/cameras/camera-streams.test.ts'),
      code: "import { startTestStream } from '../../test-support/test-stream';",
    },
    {
      filename: at('src/shell/route-table.test.ts'),
      code: "import manifest from '../../manifest/console.json';",
    },
    {
      filename: at('e2e/console-server.ts'),
      code: "import { testPasswordCost } from '../server/auth/password-hash';",
    },
    { filename: at('server/app.ts'), code: "import Fastify from 'fastify';" },
    // Pages share what lies below them; a page's own folders import each other.
    {
      filename: at('src/pages/monitor/alerts/ClipPlayer.tsx'),
      code: "import { playRecording } from '../../../media/play-recording';",
    },
    {
      filename: at('src/pages/home/HomePage.tsx'),
      code: "import { DesktopNotificationOffer } from '../../notices/DesktopNotificationOffer';",
    },
    {
      filename: at('src/pages/home/StatusBlocks.tsx'),
      code: "import { levelOptions } from '../shared/alert-tags';",
    },
    {
      filename: at('src/pages/monitor/video/VideoPane.tsx'),
      code: "import { LivePlayer } from './LivePlayer';",
    },
    {
      filename: at('src/shell/use-alert-notifier.ts'),
      code: "const load = () => import('../notices/alert-notifier');",
    },
    { filename: at('server/cluster/alert-feed.ts'), code: "import { ApiError } from '../kernel/api-error';" },
    {
      filename: at('server/db/migrations/0030-contains-search.test.ts'),
      code: "import { containsColumns } from './0027-list-filter-indexes';",
    },
  ],
  invalid: [
    // The generic screens reaching into a page.
    {
      filename: at('src/resources/field-rules.ts'),
      code: "import { fieldRules } from '../pages/form-rules';",
    },
    // The browser tests and the scripts reaching into each other.
    {
      filename: at('e2e/edge-box.ts'),
      code: "import { aiServerClient } from '../scripts/simulate-ai-server';",
    },
    { filename: at('scripts/bench-web.ts'), code: "import { launchChromium } from '../e2e/chromium';" },
    // The server loading the route table, hence the screens.
    { filename: at('server/http/routes.ts'), code: "import { routes } from '../../src/generated/routes';" },
    // A stand-in is for tests, not for the server itself.
    {
      filename: at('server/cameras/camera-streams.ts'),
      code: "import { x } from '../../test-support/test-stream';",
    },
    // Generated routes load pages lazily only, and descriptors only as types.
    { filename: at('src/generated/routes.ts'), code: "import HomePage from '../pages/home/HomePage';" },
    {
      filename: at('src/generated/resources/camera.ts'),
      code: "import { fieldOf } from '../../resources/descriptors';",
    },
    { filename: at('src/shell/Layout.tsx'), code: "export { call } from '../api';" },
    // A page importing another page (the monitor's alerts, video and playback are pages each), and
    // the shell importing what a page holds or the notifier other than lazily.
    {
      filename: at('src/pages/monitor/video/PaneAlert.tsx'),
      code: "import { x } from '../alerts/alert-options';",
    },
    {
      filename: at('src/pages/monitor/playback/PlaybackPage.tsx'),
      code: "import { x } from '../video/live-link';",
    },
    {
      filename: at('src/pages/home/StatusBlocks.tsx'),
      code: "import { x } from '../analysis/dashboard-texts';",
    },
    {
      filename: at('src/pages/personal/PersonalPage.tsx'),
      code: "import { x } from '../monitor/alerts/notify/AlertNotificationCard';",
    },
    {
      filename: at('src/pages/monitor/video/PaneOverlay.test.tsx'),
      code: "import { testAlert } from '../alerts/test-alert';",
    },
    {
      filename: at('src/shell/use-alert-notifier.ts'),
      code: "const load = () => import('../pages/monitor/alerts/notify/alert-notifier');",
    },
    {
      filename: at('src/shell/use-alert-notifier.ts'),
      code: "import { x } from '../notices/alert-notifier';",
    },
    { filename: at('src/media/play-recording.ts'), code: "import { x } from '../alerts-live/live-alerts';" },
    { filename: at('codegen/main.ts'), code: "import { createApp } from '../server/app';" },
    { filename: at('contract/load.ts'), code: "import { createApp } from '../server/app';" },
    // The server's low floors reaching up into the platform or a domain.
    { filename: at('server/kernel/locale.ts'), code: "import { x } from '../http/request-log';" },
    { filename: at('server/db/open-database.ts'), code: "import { x } from '../app-context';" },
    {
      filename: at('server/cluster/change-channel.ts'),
      code: "import type { X } from '../events/status-feed';",
    },
    // A platform room reaching up into a domain, a domain into one above it.
    {
      filename: at('server/operations/operation-handler.ts'),
      code: "import type { X } from '../app-context';",
    },
    { filename: at('server/resources/resource-service.ts'), code: "import { x } from '../accounts/users';" },
    { filename: at('server/cameras/camera-status.ts'), code: "import { x } from '../alerts/device-health';" },
    // The alerts tell the domains above them through their hooks, never by import.
    { filename: at('server/alerts/reported-alerts.ts'), code: "import { x } from '../notify/outbox';" },
    {
      filename: at('server/alerts/alert-handling.ts'),
      code: "import { x } from '../analysis/alert-rollups';",
    },
    {
      filename: at('server/cameras/camera-resource.ts'),
      code: "import { x } from '../analysis/alert-rollups';",
    },
    // A migration uses nothing of the runtime and no other migration; the runtime uses none.
    {
      filename: at('server/db/migrations/0029-alert-hour-rollups.ts'),
      code: "import { rebuildAlertRollups } from '../../analysis/alert-rollups';",
    },
    {
      filename: at('server/db/migrations/0030-contains-search.ts'),
      code: "import { containsColumns } from './0027-list-filter-indexes';",
    },
    {
      filename: at('server/db/contains-search.ts'),
      code: "import { trigramColumns } from './migrations/0030-contains-search';",
    },
  ].map((test) => ({ ...test, errors: [{ messageId: 'crossing' }] })),
});

describe('rooms exceptions', () => {
  it('name files that exist, so one goes when the code it excuses moves', () => {
    const exists = (path: string) =>
      ['', '.ts', '.tsx'].some((extension) => existsSync(`${path}${extension}`));
    expect(exceptions.filter(({ from, to }) => !exists(from) || !exists(to))).toEqual([]);
  });
});

describe('rooms table', () => {
  it('closes no circle: no room uses, through others, a room that uses it', () => {
    const names = Object.keys(roomTable).sort((a, b) => b.length - a.length);
    const roomOf = (path: string) =>
      names.find((name) => path === name || path.startsWith(`${name}/`)) ?? path;
    const used = (name: string) =>
      (roomTable[name]?.uses ?? []).map(roomOf).filter((other) => other !== name);
    const circles: string[][] = [];
    const state = new Map<string, 'open' | 'done'>();
    const visit = (name: string, path: readonly string[]) => {
      if (state.get(name) === 'done') return;
      if (state.get(name) === 'open') return void circles.push([...path.slice(path.indexOf(name)), name]);
      state.set(name, 'open');
      for (const other of used(name)) visit(other, [...path, name]);
      state.set(name, 'done');
    };
    for (const name of names) visit(name, []);
    expect(circles).toEqual([]);
  });
});
