import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse as parseYaml, stringify as stringifyYaml } from 'yaml';
import { InputError, inputFiles, loadInputs } from './inputs';
import { operationsById } from '../contract/document';
import { pointerOf } from './diagnostics';
import {
  accessKeyIndex,
  tempRepoForFile,
  messages,
  messagesAfter,
  routeAt,
  routePointer,
  type Json,
} from './test-support';
import { reopenParkingLot, parkingLotReopenPath } from '../server/test-support/parking-lot-operation';

const temp = tempRepoForFile();

/** `manifest/console.json#` and the pointer of the route at `path`: found by path, never by position. */
function route(path: string): string {
  return `manifest/console.json#${routePointer(temp.good.manifest as Json, path)}`;
}

/** Messages for the temp.good inputs after `change` edits a copy of the manifest. */
function afterManifestEdit(change: (manifest: Json) => void): string[] {
  return messagesAfter(temp.good, { manifest: change });
}

const routeProperties =
  'path, name, icon, modules, access, hideInMenu, hideInBreadcrumb, layout, redirect, page, resource, children';
const routeForms =
  'with "redirect" without "page" or "children" or "resource"; with "page" without "redirect"; with "resource" without "redirect" or "page" or "children"';
const pathPattern = '^/([a-z0-9][a-z0-9-]*(/[a-z0-9][a-z0-9-]*)*)?$';
const inManifest = 'not in manifest/console.json accessKeys';

describe('validate', () => {
  it('accepts the repo manifest and openapi.yaml', () => {
    expect(messages(temp.good)).toEqual([]);
  });

  describe('schema (ajv)', () => {
    it('names an unknown property at its own pointer', () => {
      expect(afterManifestEdit((m) => (routeAt(m, '/home').title = 'x'))).toEqual([
        `${route('/home')}/title: unknown property "title" (allowed: ${routeProperties})`,
      ]);
    });

    it('rejects a path that is neither absolute kebab nor "*"', () => {
      expect(
        afterManifestEdit((m) => (routeAt(m, '/equipment/aiserver').path = '/equipment/AI Server')),
      ).toEqual([
        `${route('/equipment/aiserver')}/path: "/equipment/AI Server" matches none of the allowed forms: a string matching ${pathPattern}; equal to "*"`,
      ]);
    });

    it('rejects a route with both a page and a redirect', () => {
      expect(afterManifestEdit((m) => (routeAt(m, '/home').redirect = '/user/personal'))).toEqual([
        `${route('/home')}: matches none of the allowed forms: ${routeForms}`,
      ]);
    });

    it('keeps a child route problem apart from its parent route problem', () => {
      expect(
        afterManifestEdit((m) => {
          delete routeAt(m, '/equipment').page;
          routeAt(m, '/equipment/aiserver').redirect = '/home';
          routeAt(m, '/equipment/camera').path = '/equipment/Camera';
        }),
      ).toEqual([
        `${route('/equipment')}: matches none of the allowed forms: ${routeForms}`,
        `${route('/equipment/aiserver')}: matches none of the allowed forms: ${routeForms}`,
        `${route('/equipment/camera')}/path: "/equipment/Camera" matches none of the allowed forms: a string matching ${pathPattern}; equal to "*"`,
      ]);
    });

    it('reports a missing text, a wrong type and a value outside an enum', () => {
      expect(
        afterManifestEdit((m) => {
          delete m.modules[0].label.en;
          routeAt(m, '/model').hideInMenu = 'yes';
          m.app.layout = 'grid';
        }),
      ).toEqual([
        'manifest/console.json#/app/layout: "grid" is not one of "mix"',
        'manifest/console.json#/modules/0/label: missing required property "en"',
        `${route('/model')}/hideInMenu: must be boolean, not "yes"`,
      ]);
    });
  });

  describe('manifest cross-checks', () => {
    it('rejects a duplicate path', () => {
      expect(
        afterManifestEdit((m) => (routeAt(m, '/equipment/camera').path = '/equipment/aiserver')),
      ).toEqual([
        `${route('/equipment/camera')}/path: duplicate path "/equipment/aiserver" (first at ${routePointer(temp.good.manifest as Json, '/equipment/aiserver')}/path)`,
      ]);
    });

    it('rejects a child outside its parent', () => {
      expect(afterManifestEdit((m) => (routeAt(m, '/equipment/aiserver').path = '/door/aiserver'))).toEqual([
        `${route('/equipment/aiserver')}/path: "/door/aiserver" is not under its parent's path "/equipment"`,
      ]);
    });

    it('rejects an icon @ant-design/icons does not have', () => {
      expect(afterManifestEdit((m) => (routeAt(m, '/equipment/aiserver').icon = 'foo'))).toEqual([
        `${route('/equipment/aiserver')}/icon: unknown icon "foo" (no FooOutlined in @ant-design/icons)`,
      ]);
    });

    it('accepts a multi-word icon', () => {
      expect(afterManifestEdit((m) => (routeAt(m, '/model').icon = 'video-camera-add'))).toEqual([]);
    });

    it('rejects an undeclared access key on a route', () => {
      expect(afterManifestEdit((m) => (routeAt(m, '/model').access = 'KEY.NOPE'))).toEqual([
        `${route('/model')}/access: undeclared access key "KEY.NOPE" (not in accessKeys)`,
        `${route('/model')}/access: must be "KEY.MODEL", the access of resource "model", not "KEY.NOPE"`,
      ]);
    });

    it('rejects an undeclared module', () => {
      expect(afterManifestEdit((m) => (routeAt(m, '/model').modules = ['monitor', 'video']))).toEqual([
        `${route('/model')}/modules/1: undeclared module "video" (not in modules)`,
      ]);
    });

    it('rejects an unknown parent key', () => {
      const index = accessKeyIndex(temp.good.manifest as Json, 'KEY.DEVICE.AISERVER');
      expect(afterManifestEdit((m) => (m.accessKeys[index].parent = 'KEY.NOPE'))).toEqual([
        `manifest/console.json#/accessKeys/${index}/parent: unknown parent "KEY.NOPE" (not in accessKeys)`,
      ]);
    });

    it('rejects a duplicate access key, and everything that then misses the key', () => {
      // The AI alerts' key: its route, its operations, the AccessKey enum and its resource all miss it.
      const key = 'KEY.CENTER.AIWARN';
      const manifest = temp.good.manifest as Json;
      const aiwarn = accessKeyIndex(manifest, key);
      const video = accessKeyIndex(manifest, 'KEY.CENTER.VIDEO');
      const operations = [...operationsById(temp.good.openapi).values()]
        .filter((operation) => operation.operation['x-access'] === key)
        .map(
          (operation) =>
            `openapi.yaml#${pointerOf('paths', operation.path, operation.method, 'x-access')}: undeclared access key "${key}" (not in manifest/console.json accessKeys)`,
        );
      const enumIndex = (temp.good.openapi as Json).components.schemas.AccessKey.enum.indexOf(key);
      const resources = (manifest.resources as Json[]).flatMap((resource, index) =>
        resource.access === key
          ? [
              `manifest/console.json#/resources/${index}/access: undeclared access key "${key}" (not in accessKeys)`,
            ]
          : [],
      );
      expect(operations).toContain(
        'openapi.yaml#/paths/~1alerts~1{id}/get/x-access: undeclared access key "KEY.CENTER.AIWARN" (not in manifest/console.json accessKeys)',
      );
      expect(resources).toHaveLength(1);
      expect(afterManifestEdit((m) => (m.accessKeys[aiwarn].key = 'KEY.CENTER.VIDEO'))).toEqual([
        `manifest/console.json#/accessKeys/${aiwarn}/key: duplicate access key "KEY.CENTER.VIDEO" (first at /accessKeys/${video}/key)`,
        `${route('/monitor/ai')}/access: undeclared access key "${key}" (not in accessKeys)`,
        ...operations,
        `openapi.yaml#/components/schemas/AccessKey/enum/${enumIndex}: "${key}" is not declared in manifest/console.json accessKeys`,
        `openapi.yaml#/paths/~1events~1stream/get/x-events/alert/access/0: undeclared access key "${key}" (${inManifest})`,
        ...resources,
      ]);
    });

    it('rejects a page whose file does not exist', () => {
      expect(afterManifestEdit((m) => (routeAt(m, '/model').page = 'model/NoSuchPage'))).toEqual([
        `${route('/model')}/page: page file src/pages/model/NoSuchPage.tsx does not exist`,
      ]);
    });

    it('rejects a redirect to a path no route has', () => {
      expect(afterManifestEdit((m) => (routeAt(m, '/').redirect = '/nowhere'))).toEqual([
        `${route('/')}/redirect: redirect target "/nowhere" is not a route path`,
      ]);
    });

    it('rejects app paths no route has', () => {
      expect(afterManifestEdit((m) => (m.app.homePath = '/start'))).toEqual([
        'manifest/console.json#/app/homePath: "/start" is not a route path',
      ]);
    });
  });

  describe('openapi.yaml cross-checks', () => {
    it('rejects an x-access key the manifest does not declare (read from a temp openapi.yaml)', () => {
      const file = join(temp.repo.rootDir, inputFiles.openapi);
      const original = readFileSync(file, 'utf8');
      try {
        writeFileSync(
          file,
          original.replace(
            "summary: 当前用户信息 / The signed-in user's profile\n      x-open: signed-in",
            "summary: 当前用户信息 / The signed-in user's profile\n      x-access: KEY.NOPE",
          ),
        );
        expect(messages(loadInputs(temp.repo.rootDir))).toEqual([
          `openapi.yaml#/paths/~1user~1info/get/x-access: undeclared access key "KEY.NOPE" (${inManifest})`,
        ]);
      } finally {
        writeFileSync(file, original);
      }
    });

    describe('access declarations', () => {
      const at = 'openapi.yaml#/paths/~1parking-lots~1{id}~1reopen/post';
      const named = 'reopenParkingLot (POST /parking-lots/{id}/reopen)';

      it('refuses an operation declaring none, naming it (read from a temp openapi.yaml)', () => {
        const file = join(temp.repo.rootDir, inputFiles.openapi);
        const original = readFileSync(file, 'utf8');
        try {
          const openapi = parseYaml(original) as Json;
          openapi.paths[parkingLotReopenPath] = reopenParkingLot({});
          writeFileSync(file, stringifyYaml(openapi));
          expect(messages(loadInputs(temp.repo.rootDir))).toEqual([
            `${at}: ${named} declares no access; it needs exactly one of x-access: <KEY>, a machine scheme in security (ingestKey), x-open: anyone or x-open: signed-in`,
          ]);
        } finally {
          writeFileSync(file, original);
        }
      });

      it.each([
        [
          { 'x-access': 'KEY.ACCESS.CAR', 'x-open': 'signed-in' },
          'declares its access 2 ways (x-access, x-open); it needs exactly one',
        ],
        [
          { 'x-open': 'anyone', security: [{ ingestKey: [] }] },
          'declares its access 2 ways (security ingestKey, x-open); it needs exactly one',
        ],
        [{ 'x-open': 'anyone' }, 'has x-open: anyone but requires sessionToken'],
        [
          { 'x-open': 'signed-in', security: [{ clientType: [] }] },
          'has x-open: signed-in but does not require sessionToken',
        ],
        [{ 'x-open': 'everyone' }, 'has x-open "everyone"; it must be anyone or signed-in'],
      ])('refuses the declaration %j, naming the operation', (declaration, problem) => {
        const messagesFound = messagesAfter(temp.good, {
          openapi: (openapi) => (openapi.paths[parkingLotReopenPath] = reopenParkingLot(declaration)),
        });
        expect(messagesFound).toEqual([`${at}: ${named} ${problem}`]);
      });

      it('accepts the operation once it declares exactly one', () => {
        const messagesFound = messagesAfter(temp.good, {
          openapi: (openapi) =>
            (openapi.paths[parkingLotReopenPath] = reopenParkingLot({ 'x-access': 'KEY.ACCESS.CAR' })),
        });
        expect(messagesFound).toEqual([]);
      });
    });

    it('names each key missing on either side of the AccessKey enum', () => {
      const openapi = structuredClone(temp.good.openapi) as Json;
      const accessKeyEnum: string[] = openapi.components.schemas.AccessKey.enum;
      accessKeyEnum.splice(accessKeyEnum.indexOf('KEY.SYSTEM.LOG'), 1);
      accessKeyEnum.splice(accessKeyEnum.indexOf('KEY.MODEL'), 1);
      accessKeyEnum.push('KEY.EXTRA');
      expect(messages({ ...temp.good, openapi })).toEqual([
        `openapi.yaml#/components/schemas/AccessKey/enum/${accessKeyEnum.length - 1}: "KEY.EXTRA" is not declared in manifest/console.json accessKeys`,
        'openapi.yaml#/components/schemas/AccessKey/enum: missing "KEY.MODEL", declared in manifest/console.json accessKeys',
        'openapi.yaml#/components/schemas/AccessKey/enum: missing "KEY.SYSTEM.LOG", declared in manifest/console.json accessKeys',
      ]);
    });
  });

  describe("the event stream's x-events", () => {
    const at = 'openapi.yaml#/paths/~1events~1stream/get/x-events';
    const eventsOf = (openapi: Json): Json => openapi.paths['/events/stream'].get['x-events'];

    it('names an unknown data schema, an undeclared key, rows of no resource and an unknown key', () => {
      const found = messagesAfter(temp.good, {
        openapi: (openapi) => {
          const events = eventsOf(openapi);
          events.alert.data = 'Alrt';
          events.cameraStatus.access = ['KEY.NOPE'];
          events.aiServerStatus.rows = 'Staf';
          events.aiServerStatus.replay = true;
        },
      });
      expect(found).toEqual([
        `${at}/alert/data: "Alrt" is not a schema of components.schemas`,
        `${at}/cameraStatus/access/0: undeclared access key "KEY.NOPE" (${inManifest})`,
        `${at}/aiServerStatus/replay: unknown key "replay" (data, access or rows)`,
        `${at}/aiServerStatus/rows: "Staf" is not the schema of a resource of manifest/console.json`,
      ]);
    });

    it("refuses an event without keys and two events for one resource's rows", () => {
      const found = messagesAfter(temp.good, {
        openapi: (openapi) => {
          const events = eventsOf(openapi);
          events.alert.access = [];
          events.aiServerStatus.rows = 'Camera';
        },
      });
      expect(found).toEqual([
        `${at}/alert/access: must list the keys whose holders receive the event`,
        `${at}/aiServerStatus/rows: Camera's rows are already changed by "cameraStatus"`,
      ]);
    });

    it('refuses x-events on a second operation, naming both', () => {
      const only = "only one operation (the console's event stream) may declare x-events";
      const found = messagesAfter(temp.good, {
        openapi: (openapi) => (openapi.paths['/alerts/stream'].get['x-events'] = eventsOf(openapi)),
      });
      expect(found).toEqual([
        `openapi.yaml#/paths/~1alerts~1stream/get/x-events: "streamAlerts": ${only}`,
        `${at}: "streamConsoleEvents": ${only}`,
      ]);
    });
  });

  it('reports every problem of every kind in one run', () => {
    const manifest = structuredClone(temp.good.manifest) as Json;
    routeAt(manifest, '/home').title = 'x';
    routeAt(manifest, '/equipment/aiserver').icon = 'foo';
    routeAt(manifest, '/model').access = 'KEY.NOPE';
    routeAt(manifest, '/').redirect = '/nowhere';
    const openapi = structuredClone(temp.good.openapi) as Json;
    const extra = openapi.components.schemas.AccessKey.enum.push('KEY.EXTRA') - 1;
    expect(messages({ ...temp.good, manifest, openapi })).toEqual([
      `${route('/home')}/title: unknown property "title" (allowed: ${routeProperties})`,
      `${route('/')}/redirect: redirect target "/nowhere" is not a route path`,
      `${route('/equipment/aiserver')}/icon: unknown icon "foo" (no FooOutlined in @ant-design/icons)`,
      `${route('/model')}/access: undeclared access key "KEY.NOPE" (not in accessKeys)`,
      `${route('/model')}/access: must be "KEY.MODEL", the access of resource "model", not "KEY.NOPE"`,
      `openapi.yaml#/components/schemas/AccessKey/enum/${extra}: "KEY.EXTRA" is not declared in manifest/console.json accessKeys`,
    ]);
  });
});

describe('loadInputs', () => {
  it('names a manifest that is not JSON', () => {
    const file = join(temp.repo.rootDir, inputFiles.manifest);
    const original = readFileSync(file, 'utf8');
    try {
      writeFileSync(file, '{ "app": ');
      expect(() => loadInputs(temp.repo.rootDir)).toThrow(InputError);
      expect(() => loadInputs(temp.repo.rootDir)).toThrow(/^manifest\/console\.json: invalid JSON \(/);
    } finally {
      writeFileSync(file, original);
    }
  });
});
