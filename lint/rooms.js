// The rooms (docs/architecture.md) as a lint rule: which folder may import which. Imports are
// resolved to paths first, so `../resources/x` from server/ is server/resources, not src/resources.
import { dirname, relative, resolve, sep } from 'node:path';

/**
 * @typedef {object} Room
 * @property {readonly string[]} uses folders or modules (paths without extension) it may import
 * @property {readonly string[]} [types] modules it may import with `import type` only
 * @property {readonly string[]} [lazy] folders or modules it may load only through `import()`
 * @property {readonly string[]} [tests] what its tests and test support may import besides
 * @property {boolean} [apart] its files may not import each other (its tests may)
 * @property {readonly string[]} [separate] folders of the room whose each child folder may not
 *   import another child of theirs (a page another page)
 */

/**
 * The generated modules that import no screen, no React and no icon: the contract's types and
 * constants, access keys, labels. Code outside the console (the server, test stand-ins) may use
 * these; a module codegen adds is listed here once it is known to be pure.
 */
const pureGenerated = [
  'src/generated/access',
  'src/generated/console-events',
  'src/generated/constraints',
  'src/generated/contract',
  'src/generated/declared-resources',
  'src/generated/envelope',
  'src/generated/field-labels',
  'src/generated/openapi',
  'src/generated/route-sources',
  'src/generated/settings',
];

/** The server's ground floors below its platform and domains, in the order they stand (lowest first). */
const serverFloors = [
  'server/kernel',
  'server/logging',
  'server/process',
  'server/close-on-signals',
  'server/db',
  'server/storage',
  'server/contract',
  'server/cluster',
];

/** What every room of the server's platform and domains may use: the ground, the contract, pure generated modules. */
const serverGround = [...serverFloors, 'contract', ...pureGenerated];

/** What the server's tests may use: they start the whole app, and check what the console's build serves. */
const serverTests = ['server', 'build/chunk-graph', 'build/built-files'];

/**
 * The server's platform and domains from the ground up (docs/architecture.md): each room uses rooms
 * listed before it only, so no import runs back up and none closes a circle. A domain takes what it
 * needs of another above it as a callback in its context (a camera's stream alerts), never by import.
 * @type {ReadonlyArray<[string, readonly string[]]>}
 */
const serverRooms = [
  // The platform: the ffmpeg streams, background work, the operation's types, stored files, the
  // generic resources, sessions and access, the operation log, the HTTP pipeline.
  ['server/streams', []],
  ['server/background-tasks', []],
  ['server/operations', ['server/background-tasks']],
  ['server/files', ['server/operations']],
  ['server/resources', ['server/operations', 'server/files']],
  ['server/auth', ['server/operations']],
  ['server/oplog', ['server/operations', 'server/resources']],
  [
    'server/http',
    [
      'server/streams',
      'server/operations',
      'server/files',
      'server/auth',
      'server/oplog',
      'build/chunk-graph',
      'build/built-files',
    ],
  ],
  // The domains.
  ['server/accounts', ['server/operations', 'server/resources', 'server/auth']],
  ['server/sms', ['server/operations', 'server/auth']],
  ['server/live', ['server/streams', 'server/operations', 'server/resources', 'server/http']],
  [
    'server/recording',
    ['server/background-tasks', 'server/streams', 'server/operations', 'server/resources', 'server/live'],
  ],
  [
    'server/cameras',
    [
      'server/background-tasks',
      'server/streams',
      'server/operations',
      'server/resources',
      'server/recording',
    ],
  ],
  [
    'server/alerts',
    ['server/background-tasks', 'server/operations', 'server/files', 'server/resources', 'server/cameras'],
  ],
  // Above the alerts: the domains that react to alerts through the hooks alerts declare.
  ['server/analysis', ['server/operations', 'server/alerts']],
  [
    'server/notify',
    [
      'server/background-tasks',
      'server/streams',
      'server/operations',
      'server/resources',
      'server/auth',
      'server/sms',
      'server/alerts',
    ],
  ],
  ['server/events', ['server/operations', 'server/resources', 'server/auth', 'server/alerts']],
  ['server/door', ['server/operations', 'server/resources', 'server/alerts']],
  ['server/models', ['server/operations', 'server/files', 'server/resources', 'server/cameras']],
  ['server/aiservers', ['server/operations', 'server/resources']],
  ['server/observability', ['server/streams', 'server/operations', 'server/live', 'server/recording']],
  ['server/data-folder', ['server/operations', 'server/files']],
  ['server/backup', ['server/files', 'server/data-folder', 'server/recording']],
];

/** Every room of the server's platform and domains: what the composition root wires. */
const serverDomains = serverRooms.map(([name]) => name);

/** Folders of test stand-ins and fixtures: what is in them counts as a test. */
const testSupport = ['test-support', 'server/test-support'];
/** Any room's tests may use the stand-ins, and the manifest their expectations follow. */
const testUses = [...testSupport, 'manifest'];

/** @type {Readonly<Record<string, Room>>} */
export const rooms = {
  manifest: { uses: [] },
  contract: { uses: [] },
  // The descriptor module holds the types and defaults the emitted descriptors satisfy: codegen
  // omits what equals a default, the console fills it back in. One statement of the defaults.
  codegen: { uses: ['contract', 'src/resources/descriptors'], tests: ['src/generated'] },
  'src/generated': {
    uses: [],
    types: ['src/resources/descriptors'],
    lazy: ['src/pages', 'src/resources/ResourceScreen'],
  },
  'src/i18n': { uses: ['src/generated'] },
  'src/api': { uses: ['src/generated', 'src/i18n'] },
  'src/session': { uses: ['src/api', 'src/generated', 'src/i18n'] },
  'src/resources': { uses: ['src/api', 'src/session', 'src/generated', 'src/i18n'] },
  // What the monitor's pages share: live links and playback paths, playing recordings, snapshots,
  // the timeline, the players' texts.
  'src/media': { uses: ['src/api', 'src/session', 'src/generated', 'src/i18n'] },
  // The live alert feed and what names an alert: its options, its link, a system alert's texts.
  'src/alerts-live': { uses: ['src/api', 'src/session', 'src/resources', 'src/generated', 'src/i18n'] },
  // The alert notices the shell starts on any screen, and the offer and card that switch them on.
  'src/notices': { uses: ['src/api', 'src/session', 'src/alerts-live', 'src/generated', 'src/i18n'] },
  // The layout loads the notifier as routes load pages: only for a user who has it switched on.
  'src/shell': { uses: ['src/session', 'src/generated', 'src/i18n'], lazy: ['src/notices'] },
  // What several pages show alike: screen links, alert tags, virtual rows, server field errors.
  'src/pages/shared': { uses: ['src/api', 'src/session', 'src/resources', 'src/generated', 'src/i18n'] },
  // Each page's folder (and each of the monitor's) stands alone: what two pages share goes below.
  'src/pages': {
    uses: [
      'src/api',
      'src/session',
      'src/resources',
      'src/media',
      'src/alerts-live',
      'src/notices',
      'src/pages/shared',
      'src/generated',
      'src/i18n',
    ],
    separate: ['src/pages', 'src/pages/monitor'],
  },
  'src/main': { uses: ['src/shell', 'src/generated', 'src/i18n', 'src/styles.css'] },
  // A new folder of the console joins the table before it imports or is imported.
  src: { uses: [] },
  // The server's floors, from the ground up (docs/architecture.md). A floor's tests may use any of
  // the server: they start the whole app.
  // The kernel: errors, locale, clock, time zones, file modes; what every floor may use.
  'server/kernel': { uses: [...pureGenerated], tests: serverTests },
  'server/logging': { uses: [], tests: serverTests },
  // A child process that dies with the server; the signals that close it.
  'server/process': { uses: [], tests: serverTests },
  'server/close-on-signals': { uses: [], tests: serverTests },
  // A migration is frozen: it uses the column types and the dialect, nothing of the runtime, and the
  // runtime never imports one.
  'server/db/migrations': {
    uses: ['server/db/column-types', 'server/db/dialect'],
    tests: serverTests,
    apart: true,
  },
  'server/db': { uses: ['server/kernel', ...pureGenerated], tests: serverTests },
  'server/storage': { uses: ['server/kernel'], tests: serverTests },
  'server/contract': { uses: ['contract', 'server/kernel'], tests: serverTests },
  'server/cluster': { uses: ['server/db', 'server/kernel', ...pureGenerated], tests: serverTests },
  ...Object.fromEntries(
    serverRooms.map(([name, uses]) => [name, { uses: [...serverGround, ...uses], tests: serverTests }]),
  ),
  // The composition root: the one context, the handler table and the hooks its modules take, the
  // settings, the app and its start, and what wires the domains above the alerts to the alerts' hooks.
  'server/app-context': { uses: serverDomains },
  'server/alert-reactions': { uses: [...serverGround, 'server/alerts', 'server/analysis', 'server/notify'] },
  'server/operation-hooks': { uses: [...serverGround, ...serverDomains] },
  // The handler table codegen writes from the handler modules found by convention.
  'server/generated': { uses: [...serverDomains, 'server/app-context', 'server/operation-hooks'] },
  'server/config': { uses: [...serverGround, ...serverDomains] },
  'server/open-store': { uses: [...serverGround, ...serverDomains] },
  'server/app': {
    uses: [
      ...serverGround,
      ...serverDomains,
      'server/app-context',
      'server/generated',
      'server/open-store',
      'server/alert-reactions',
    ],
  },
  'server/run-server': { uses: [...serverGround, ...serverDomains, 'server/app', 'server/config'] },
  'server/main': { uses: [...serverGround, 'server/run-server'] },
  'server/cli': { uses: [...serverGround, ...serverDomains, 'server/config', 'server/open-store'] },
  'server/test-support': { uses: [], tests: ['server', 'contract', 'build', ...pureGenerated] },
  // A new folder of the server joins the table before it imports or is imported; the tests beside
  // the top-level files start the whole app.
  server: { uses: [], tests: serverTests },
  // The stand-ins start servers, ffmpeg and nginx as the server starts ffmpeg: dying with their parent.
  'test-support': { uses: ['server/process/parent-death', 'server/kernel/within-time', ...pureGenerated] },
  // Header names and other contract constants come from the generated contract, as the console's.
  e2e: { uses: ['test-support', ...pureGenerated] },
  // What builds and freshens the console: Vite's plugins, the check that dist/ is current. Its tests
  // check what a plugin makes against the console module that reads it.
  build: { uses: [], tests: ['src/shell'] },
  // `npm run demo`'s site: seeded through the API, kept alive by the test stand-ins.
  demo: { uses: ['server', 'test-support', 'build', ...pureGenerated] },
  scripts: { uses: ['server', 'codegen', 'contract', 'src/generated', 'test-support', 'build', 'demo'] },
  lint: { uses: [] },
};

/**
 * Crossings the table does not cover, each with its reason. A test checks that both ends exist,
 * so an exception goes when the code it excuses moves.
 */
export const exceptions = [
  {
    from: 'e2e/console-server.ts',
    to: 'server/auth/password-hash',
    why: 'the browser tests start the server at the password cost its own tests use',
  },
  {
    from: 'codegen/emitted-modules.test.ts',
    to: 'src/session/route-lookup',
    why: 'it walks the emitted route tree the way the console does',
  },
  {
    from: 'src/main.tsx',
    to: 'src/pages/login/prerendered-form',
    why: 'the sign-in page the server sent as HTML goes when the first screen is not the sign-in form',
  },
  {
    from: 'src/pages/login/prerender.tsx',
    to: 'src/shell/AppProviders',
    why: 'the sign-in page rendered at build time has the providers it has in the browser around it',
  },
  {
    from: 'codegen/new-resource.test.ts',
    to: 'server/contract/load-contract',
    why: 'it checks that the server loads a contract holding a new resource',
  },
  {
    from: 'codegen/new-resource.test.ts',
    to: 'server/contract/schema-compiler',
    why: 'it validates the samples with the schema compiler the server validates requests with',
  },
];

/** @typedef {'value' | 'type' | 'lazy'} ImportKind */

/** Rooms by path, the longest first, so `src/api` wins over `src`. */
const roomsByPath = Object.entries(rooms).sort(([a], [b]) => b.length - a.length);
/** @param {string} path */
const withoutExtension = (path) => path.replace(/\.(?:[cm]?[jt]sx?|json)$/, '');
/** @param {string} path @param {string} entry */
const within = (path, entry) => path === entry || path.startsWith(`${entry}/`);
/** @param {string} path */
const roomOf = (path) => roomsByPath.find(([name]) => within(path, name));
/** @param {string} path */
const isTest = (path) => /\.test\.tsx?$/.test(path) || testSupport.some((entry) => within(path, entry));
/**
 * The child folder of one of `separate` that holds `path` (the deepest), or the path itself.
 * @param {readonly string[]} separate @param {string} path
 */
function partOf(separate, path) {
  const parent = [...separate]
    .sort((a, b) => b.length - a.length)
    .find((folder) => path.startsWith(`${folder}/`));
  return parent === undefined ? path : `${parent}/${path.slice(parent.length + 1).split('/')[0]}`;
}
/** @param {string} cwd @param {string} path */
const repoPath = (cwd, path) => relative(cwd, path).split(sep).join('/');

/**
 * Whether a file (a path from the repository's root) may import a module (its path without
 * extension) in the given way.
 * @param {string} fromFile @param {string} to @param {ImportKind} kind
 */
function mayImport(fromFile, to, kind) {
  const from = withoutExtension(fromFile);
  const fromRoom = roomOf(from);
  if (fromRoom === undefined) return true;
  const room = fromRoom[1];
  if (roomOf(to)?.[0] === fromRoom[0]) {
    const sameFolder = !room.separate || partOf(room.separate, from) === partOf(room.separate, to);
    return (!room.apart || isTest(fromFile)) && (sameFolder || excepted(from, to));
  }
  const entries = [
    ...room.uses,
    ...(kind === 'type' ? (room.types ?? []) : []),
    ...(kind === 'lazy' ? (room.lazy ?? []) : []),
    ...(isTest(fromFile) ? [...(room.tests ?? []), ...testUses] : []),
  ];
  return entries.some((entry) => within(to, entry)) || excepted(from, to);
}

/** @param {string} from @param {string} to paths without extension */
const excepted = (from, to) =>
  exceptions.some((exception) => withoutExtension(exception.from) === from && exception.to === to);

/** @param {Room} room */
function describeRoom(room) {
  const parts = [room.uses.length > 0 ? room.uses.join(', ') : room.apart ? 'nothing' : 'only itself'];
  if (room.types) parts.push(`types of ${room.types.join(', ')}`);
  if (room.lazy) parts.push(`${room.lazy.join(', ')} through import()`);
  if (room.separate) parts.push(`of itself no folder of ${room.separate.join(', ')} but its own`);
  return parts.join('; ');
}

/**
 * typescript-eslint's import and export nodes say whether they carry types only; estree's types
 * do not know the field.
 * @param {object} node
 * @returns {ImportKind}
 */
const kindOf = (node) =>
  ('importKind' in node && node.importKind === 'type') || ('exportKind' in node && node.exportKind === 'type')
    ? 'type'
    : 'value';

/** @type {import('eslint').Rule.RuleModule} */
const importsRule = {
  meta: {
    type: 'problem',
    docs: { description: 'Imports stay within the rooms of lint/rooms.js (docs/architecture.md)' },
    schema: [],
    messages: {
      crossing: '{{from}} may not import {{to}}: {{room}} may use {{allowed}} (lint/rooms.js).',
    },
  },
  create(context) {
    const fromFile = repoPath(context.cwd, context.filename);
    const fromRoom = roomOf(withoutExtension(fromFile));
    if (fromRoom === undefined) return {};
    const [roomName, room] = fromRoom;

    /** @param {import('estree').Node} node @param {unknown} specifier @param {ImportKind} kind */
    function check(node, specifier, kind) {
      if (typeof specifier !== 'string' || !specifier.startsWith('.')) return;
      const to = withoutExtension(repoPath(context.cwd, resolve(dirname(context.filename), specifier)));
      if (mayImport(fromFile, to, kind)) return;
      context.report({
        node,
        messageId: 'crossing',
        data: { from: fromFile, to, room: roomName, allowed: describeRoom(room) },
      });
    }

    return {
      ImportDeclaration(node) {
        check(node.source, node.source.value, kindOf(node));
      },
      ExportNamedDeclaration(node) {
        if (node.source) check(node.source, node.source.value, kindOf(node));
      },
      ExportAllDeclaration(node) {
        check(node.source, node.source.value, kindOf(node));
      },
      ImportExpression(node) {
        if (node.source.type === 'Literal') check(node.source, node.source.value, 'lazy');
      },
    };
  },
};

export default { meta: { name: 'rooms' }, rules: { imports: importsRule } };
