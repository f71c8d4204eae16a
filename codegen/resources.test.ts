import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { inputFiles, type Inputs } from './inputs';
import { resourceContext } from './resource-context';
import { widgetNeeds } from './resource-fields';
import { resolveResource } from './resources';
import {
  tempRepoForFile,
  messages,
  messagesAfter,
  readRepoManifest,
  repoRoot,
  routeAt,
  routePointer,
  type Json,
} from './test-support';
import { fieldPlaces, type Manifest } from './manifest';

const quotedList = (values: readonly string[]) => values.map((value) => `"${value}"`).join(', ');

const temp = tempRepoForFile();

const at = 'manifest/console.json#/resources/0';

/** Where a resource sits in the repo manifest: other areas' screens come and go around it. */
function resourceIndex(name: string): number {
  const manifest = JSON.parse(readFileSync(join(repoRoot, inputFiles.manifest), 'utf8')) as Json;
  return (manifest.resources as Json[]).findIndex((entry) => entry.name === name);
}
const aiserverRoute = 'manifest/console.json#/routes/4/children/0';

function afterManifestEdit(change: (manifest: Json) => void): string[] {
  return messagesAfter(temp.good, { manifest: change });
}

function afterOpenapiEdit(change: (openapi: Json) => void): string[] {
  return messagesAfter(temp.good, { openapi: change });
}

/** A manifest field of the AI server resource, by name. */
function field(manifest: Json, name: string): Json {
  return manifest.resources[0].fields.find((candidate: Json) => candidate.name === name);
}

/** An inline query parameter of an openapi.yaml operation, by name. */
function queryParameter(openapi: Json, path: string, name: string): Json {
  return openapi.paths[path].get.parameters.find((candidate: Json) => candidate.name === name);
}

describe('resource resolution', () => {
  it('accepts the repo manifest and openapi.yaml', () => {
    expect(messages(temp.good)).toEqual([]);
  });

  it('lists the same widgets in the schema as codegen knows how to check', () => {
    const schema = JSON.parse(readFileSync(join(repoRoot, inputFiles.schema), 'utf8')) as Json;
    expect(schema.$defs.resourceField.properties.widget.enum).toEqual(Object.keys(widgetNeeds));
  });

  it('describes the AI server from openapi.yaml with the manifest labels', () => {
    const manifest = temp.good.manifest as Manifest;
    const [entry] = manifest.resources ?? [];
    if (entry === undefined) throw new Error('the repo manifest has no resource');
    const { descriptor, problems } = resolveResource(entry, 0, resourceContext(temp.good));
    expect(problems).toEqual([]);
    expect(descriptor).toMatchObject({
      name: 'aiserver',
      route: '/equipment/aiserver',
      paths: {
        collection: '/aiservers',
        item: '/aiservers/{id}',
        export: '/aiservers/export',
        bulkDelete: '/aiservers/bulk-delete',
      },
      defaultSort: '-createdAt',
      pageSizeMax: 100,
      actions: [{ name: 'rotateKey', method: 'post', path: '/aiservers/{id}/ingest-key', showsSecret: true }],
    });
    const byName = new Map(descriptor.fields.map((candidate) => [candidate.name, candidate]));
    expect(byName.get('name')).toMatchObject({
      type: 'string',
      required: true,
      minLength: 1,
      maxLength: 64,
      sortable: true,
      filter: 'contains',
    });
    expect(byName.get('ip')).toMatchObject({ widget: 'ip', format: 'ipv4', required: true });
    expect(byName.get('hardwareModel')).toMatchObject({ required: false, maxLength: 64, filter: null });
    expect(byName.get('status')).toMatchObject({
      form: false,
      filter: 'equals',
      options: [
        { value: 'online', label: { zh: '在线', en: 'Online' }, color: 'success' },
        { value: 'offline', label: { zh: '离线', en: 'Offline' }, color: 'default' },
      ],
    });
    expect(byName.get('acceleratorType')?.options?.map((option) => option.value)).toEqual([
      'NPU',
      'GPU',
      'CPU',
    ]);
    expect(byName.get('cpuLoad')).toMatchObject({ type: 'number', nullable: true, minimum: 0, maximum: 100 });
    expect(byName.get('lastHeartbeatAt')).toMatchObject({ nullable: true, format: 'date-time' });
  });

  describe('operations', () => {
    it('rejects an unknown operationId', () => {
      expect(afterManifestEdit((m) => (m.resources[0].operations.get = 'getNope'))).toEqual([
        `${at}/operations/get: unknown operationId "getNope" (not in openapi.yaml)`,
      ]);
    });

    it('rejects an import without its template', () => {
      const camera = resourceIndex('camera');
      expect(afterManifestEdit((m) => delete m.resources[camera].operations.importTemplate)).toEqual([
        `manifest/console.json#/resources/${camera}/operations/import: names import without importTemplate: the import drawer offers both`,
      ]);
    });

    it('rejects an operation whose method or path does not fit its role', () => {
      expect(afterManifestEdit((m) => (m.resources[0].operations.create = 'updateAiServer'))).toEqual([
        `${at}/operations/create: updateAiServer is PUT /aiservers/{id}; the create operation must be POST /aiservers`,
      ]);
    });

    it('rejects an operation guarded by another access key than the resource', () => {
      expect(afterOpenapiEdit((o) => (o.paths['/aiservers/{id}'].get['x-access'] = 'KEY.DEVICE'))).toEqual([
        `${at}/operations/get: getAiServer has x-access "KEY.DEVICE", not the resource's access "KEY.DEVICE.AISERVER"`,
      ]);
    });

    it('lets the export take a key of its own, which the descriptor names', () => {
      const resolved = (name: string) => {
        const index = resourceIndex(name);
        const entry = (temp.good.manifest as Manifest).resources?.[index];
        if (entry === undefined) throw new Error(`the repo manifest has no ${name} resource`);
        return resolveResource(entry, index, resourceContext(temp.good));
      };
      expect(resolved('alert')).toMatchObject({
        problems: [],
        descriptor: { access: 'KEY.CENTER.AIWARN', exportAccess: 'KEY.CENTER.AIWARN.EXPORT' },
      });
      expect(resolved('aiserver').descriptor.exportAccess).toBeNull();
    });

    it('rejects a route whose access is not the resource access', () => {
      expect(afterManifestEdit((m) => (m.routes[4].children[0].access = 'KEY.DEVICE'))).toEqual([
        `${aiserverRoute}/access: must be "KEY.DEVICE.AISERVER", the access of resource "aiserver", not "KEY.DEVICE"`,
      ]);
    });

    it('rejects a resource access key the manifest does not declare', () => {
      const found = afterManifestEdit((m) => (m.resources[0].access = 'KEY.NOPE'));
      expect(found[0]).toBe(
        `${aiserverRoute}/access: must be "KEY.NOPE", the access of resource "aiserver", not "KEY.DEVICE.AISERVER"`,
      );
      expect(found[1]).toBe(`${at}/access: undeclared access key "KEY.NOPE" (not in accessKeys)`);
      // …and then every operation but the export (which may take a key of its own) and the action,
      // each guarded by another key.
      expect(found.slice(2)).toHaveLength(7);
    });

    it('rejects a list operation without a pageSize maximum', () => {
      // Every list shares the PageSize parameter, so each resource is told once.
      const resources = (temp.good.manifest as Manifest).resources ?? [];
      const { declaredOperations } = resourceContext(temp.good);
      const listOf = (resource: (typeof resources)[number]) =>
        resource.operations?.list ?? declaredOperations.get(resource.schema)?.list;
      expect(afterOpenapiEdit((o) => delete o.components.parameters.PageSize.schema.maximum)).toEqual(
        resources.map(
          (resource, index) =>
            `manifest/console.json#/resources/${index}/operations/list: ${listOf(resource)} has no pageSize query parameter with a maximum`,
        ),
      );
    });

    it('rejects a sort value that is not a property of the row schema', () => {
      expect(
        afterOpenapiEdit((o) => o.components.parameters.AiServerSort.schema.enum.push('rank', '-rank')),
      ).toEqual([
        `${at}/operations/list: listAiServers sorts by "rank", "-rank", not properties of AiServer`,
      ]);
    });

    it('rejects an export that sorts otherwise than the list', () => {
      expect(
        afterOpenapiEdit((o) => {
          const parameters: Json[] = o.paths['/aiservers/export'].get.parameters;
          parameters[0] = { name: 'sort', in: 'query', schema: { type: 'string', enum: ['name'] } };
        }),
      ).toEqual([
        `${at}/operations/export: exportAiServers must take the sort values of listAiServers, in the same order`,
      ]);
    });

    it('rejects create and update taking different bodies', () => {
      expect(
        afterOpenapiEdit(
          (o) =>
            (o.paths['/aiservers/{id}'].put.requestBody.content['application/json'].schema.$ref =
              '#/components/schemas/IdList'),
        ),
      ).toEqual([
        `${at}/operations/update: updateAiServer takes IdList with "ids", which createAiServer's AiServerInput lacks; the form needs the update body to be the create body less create-only fields`,
      ]);
    });

    it('rejects an unknown row schema', () => {
      expect(afterManifestEdit((m) => (m.resources[0].schema = 'AiServr'))).toEqual([
        // The event stream's AI server status events then change rows of no resource.
        'openapi.yaml#/paths/~1events~1stream/get/x-events/aiServerStatus/rows: "AiServer" is not the schema of a resource of manifest/console.json',
        `${at}/schema: unknown schema "AiServr" (not in openapi.yaml components.schemas)`,
      ]);
    });
  });

  describe('reference, date and array widgets', () => {
    /**
     * The AI server row gains properties and the manifest a field; answers the problems and the
     * descriptor. `offered`: the reference fields a choices operation of the AI server offers (none:
     * no such operation).
     */
    function withRowField(properties: Json, entry: Json, offered: string[] = [entry.name]) {
      const manifest = structuredClone(temp.good.manifest) as Json;
      const openapi = structuredClone(temp.good.openapi) as Json;
      Object.assign(openapi.components.schemas.AiServer.properties, properties);
      if (offered.length > 0) {
        const cameraChoices = structuredClone(openapi.paths['/cameras/choices'].get);
        cameraChoices.operationId = 'listAiServerChoices';
        cameraChoices['x-access'] = 'KEY.DEVICE.AISERVER';
        cameraChoices.parameters.find((p: Json) => p.name === 'field').schema.enum = offered;
        openapi.paths['/aiservers/choices'] = { get: cameraChoices };
        manifest.resources[0].operations.choices = 'listAiServerChoices';
      }
      manifest.resources[0].fields.push(entry);
      const inputs = { ...temp.good, manifest, openapi };
      const { descriptor } = resolveResource(manifest.resources[0], 0, resourceContext(inputs));
      return { problems: messages(inputs), descriptor: descriptor.fields.at(-1) };
    }
    const label = { zh: '上级', en: 'Parent' };
    const fieldAt = `${at}/fields/18`;

    it('resolves a reference to its resource, picked through the choices operation of its own', () => {
      const { problems, descriptor } = withRowField(
        { parentId: { type: ['integer', 'null'] }, parentName: { type: ['string', 'null'] } },
        {
          name: 'parentId',
          label,
          show: ['table', 'detail'],
          widget: 'reference',
          reference: { resource: 'aiserver', label: 'parentName' },
        },
      );
      expect(problems).toEqual([]);
      expect(descriptor).toMatchObject({
        type: 'integer',
        nullable: true,
        reference: { resource: 'aiserver', label: 'parentName', choices: '/aiservers/choices' },
      });
    });

    it('rejects a reference without its target, to an unknown resource, or with a label the row lacks', () => {
      const entry = { name: 'parentId', label, show: ['detail'], widget: 'reference' };
      const parent = { parentId: { type: 'integer' } };
      expect(withRowField(parent, entry).problems).toEqual([
        `${fieldAt}: field "parentId": widget "reference" needs a reference: { resource, label }`,
      ]);
      expect(
        withRowField(parent, { ...entry, reference: { resource: 'nosuch', label: 'parentName' } }).problems,
      ).toEqual([
        `${fieldAt}/reference/resource: field "parentId": unknown resource "nosuch" (not in resources)`,
      ]);
      expect(
        withRowField(parent, { ...entry, reference: { resource: 'aiserver', label: 'parentName' } }).problems,
      ).toEqual([`${fieldAt}/reference/label: field "parentId": not a property of AiServer`]);
      expect(
        withRowField(parent, { ...entry, widget: 'number', reference: { resource: 'aiserver', label: 'x' } })
          .problems,
      ).toEqual([
        `${fieldAt}/reference: field "parentId": only the widgets reference and references take a reference`,
      ]);
    });

    it('rejects a reference field its resource offers no choices for', () => {
      const entry = {
        name: 'parentId',
        label,
        show: ['detail'],
        widget: 'reference',
        reference: { resource: 'aiserver', label: 'name' },
      };
      expect(withRowField({ parentId: { type: 'integer' } }, entry, []).problems).toEqual([
        `${fieldAt}/reference: field "parentId": the resource has no choices operation (operations.choices) to pick from`,
      ]);
      expect(withRowField({ parentId: { type: 'integer' } }, entry, ['otherId']).problems).toEqual([
        `${fieldAt}/reference: field "parentId": listAiServerChoices does not offer it: its query parameter field has no enum value "parentId"`,
      ]);
    });

    it('rejects a choices operation of another method or under another key', () => {
      const camera = resourceIndex('camera');
      expect(afterOpenapiEdit((o) => (o.paths['/cameras/choices'].get['x-access'] = 'KEY.MODEL'))).toEqual([
        `manifest/console.json#/resources/${camera}/operations/choices: listCameraChoices has x-access "KEY.MODEL", not the resource's access "KEY.DEVICE.CAMERA"`,
      ]);
    });

    it('describes arrays by their items: references, and tags with or without an enum', () => {
      const references = withRowField(
        {
          peerIds: { type: 'array', maxItems: 8, items: { type: 'integer' } },
          peerNames: { type: 'array', items: { type: 'string' } },
        },
        {
          name: 'peerIds',
          label,
          show: ['table'],
          widget: 'references',
          reference: { resource: 'aiserver', label: 'peerNames' },
        },
      );
      expect(references.problems).toEqual([]);
      expect(references.descriptor).toMatchObject({ type: 'array', itemType: 'integer', maxItems: 8 });

      const tags = withRowField(
        { labels: { type: 'array', items: { type: 'string', maxLength: 16, pattern: '^[a-z]+$' } } },
        { name: 'labels', label, show: ['table'], widget: 'tags' },
      );
      expect(tags.problems).toEqual([]);
      expect(tags.descriptor).toMatchObject({
        itemType: 'string',
        maxLength: 16,
        pattern: '^[a-z]+$',
        options: null,
      });

      const chosen = withRowField(
        { colours: { type: 'array', items: { type: 'string', enum: ['red', 'blue'] } } },
        {
          name: 'colours',
          label,
          show: ['table'],
          widget: 'tags',
          options: { red: { zh: '红', en: 'Red' } },
        },
      );
      expect(chosen.problems).toEqual([
        `${fieldAt}/options: field "colours": no option label for "blue" (values of AiServer.colours[])`,
      ]);
    });

    it('rejects array widgets over other types, and the date widget over a date-time', () => {
      expect(
        withRowField(
          { peerIds: { type: 'array', items: { type: 'string' } } },
          {
            name: 'peerIds',
            label,
            show: ['table'],
            widget: 'references',
            reference: { resource: 'aiserver', label: 'name' },
          },
        ).problems,
      ).toEqual([
        `${fieldAt}/widget: field "peerIds": widget "references" needs an array of integer ids, but AiServer.peerIds is an array of strings`,
        `${fieldAt}/reference/label: field "peerIds": AiServer.name is a string, not an array of strings`,
      ]);
      expect(
        withRowField(
          { seenAt: { type: 'string', format: 'date-time' } },
          { name: 'seenAt', label, show: ['table'], widget: 'date' },
        ).problems,
      ).toEqual([
        `${fieldAt}/widget: field "seenAt": widget "date" needs a string of format date, but AiServer.seenAt is a string of format date-time`,
      ]);
      const day = withRowField(
        { installedOn: { type: 'string', format: 'date' } },
        { name: 'installedOn', label, show: ['table'], widget: 'date' },
      );
      expect(day.problems).toEqual([]);
      expect(day.descriptor).toMatchObject({ type: 'string', format: 'date' });
    });
  });

  describe('fields', () => {
    it('rejects a table or detail field the row schema does not have', () => {
      expect(
        afterManifestEdit((m) =>
          m.resources[0].fields.push({
            name: 'rack',
            label: { zh: '机柜', en: 'Rack' },
            show: ['detail'],
            widget: 'text',
          }),
        ),
      ).toEqual([`${at}/fields/18/name: field "rack": not a property of AiServer`]);
    });

    it('rejects a form field the input schema does not have', () => {
      expect(afterManifestEdit((m) => field(m, 'status').show.push('form'))).toEqual([
        `${at}/fields/5/name: field "status": not a property of AiServerInput, the create and update body`,
      ]);
    });

    describe('create-only fields (show "create": the update body lacks them)', () => {
      /** updateAiServer takes AiServerUpdate: AiServerInput without hardwareModel, plus `extra` properties. */
      const splitBodies = (o: Json, extra: Record<string, Json> = {}) => {
        const input = o.components.schemas.AiServerInput;
        const properties = { ...input.properties, ...extra };
        if (!('hardwareModel' in extra)) delete properties.hardwareModel;
        o.components.schemas.AiServerUpdate = { ...input, properties };
        o.paths['/aiservers/{id}'].put.requestBody.content['application/json'].schema = {
          $ref: '#/components/schemas/AiServerUpdate',
        };
      };
      const hardwareAt = `${at}/fields/12/show`;

      it('asks a field the update body lacks to show in "create" only, and resolves it so', () => {
        expect(afterOpenapiEdit((o) => splitBodies(o))).toEqual([
          `${hardwareAt}: field "hardwareModel": in the form, but AiServerUpdate (the update body) lacks it: show it in "create" only`,
        ]);
        expect(
          messagesAfter(temp.good, {
            openapi: (o) => splitBodies(o),
            manifest: (m) => (field(m, 'hardwareModel').show = ['create', 'detail']),
          }),
        ).toEqual([]);
      });

      it('rejects a create-only field the update body takes too', () => {
        expect(afterManifestEdit((m) => (field(m, 'hardwareModel').show = ['create', 'detail']))).toEqual([]);
        expect(
          messagesAfter(temp.good, {
            openapi: (o) => splitBodies(o, { hardwareModel: { type: 'string' } }),
            manifest: (m) => (field(m, 'location').show = ['create', 'detail']),
          }),
        ).toEqual([
          `${at}/fields/14/show: field "location": in "create" only, but AiServerUpdate (the update body) takes it too: show it in "form"`,
        ]);
      });

      it('rejects an update body with a property the create body lacks', () => {
        expect(
          afterOpenapiEdit((o) =>
            splitBodies(o, { hardwareModel: { type: 'string' }, rack: { type: 'string' } }),
          ),
        ).toEqual([
          `${at}/operations/update: updateAiServer takes AiServerUpdate with "rack", which createAiServer's AiServerInput lacks; the form needs the update body to be the create body less create-only fields`,
        ]);
      });
    });

    it('rejects form fields when there is neither create nor update', () => {
      const found = afterManifestEdit((m) => {
        delete m.resources[0].operations.create;
        delete m.resources[0].operations.update;
      });
      expect(found[0]).toBe(
        `${at}/fields/1/show: field "name": shown in the form, but the resource has no create or update operation`,
      );
      expect(found).toHaveLength(9);
    });

    it('rejects a search field the list operation has no query parameter for', () => {
      expect(afterManifestEdit((m) => field(m, 'port').show.push('search'))).toEqual([
        `${at}/fields/4/show: field "port": shown in search, but listAiServers has no query parameter "port" (nor a range: two with x-field "port" and x-filter from and to)`,
      ]);
    });

    it('rejects a search parameter without x-filter', () => {
      expect(afterOpenapiEdit((o) => delete queryParameter(o, '/aiservers', 'name')['x-filter'])).toEqual([
        `${at}/fields/1/show: field "name": query parameter "name" of listAiServers needs x-filter contains or equals, not nothing (a range is two parameters with x-field "name")`,
      ]);
    });

    describe('range filters (x-filter from / to with x-field)', () => {
      const logAt = 'manifest/console.json#/resources/1/fields/1/show';
      const logParameter = (o: Json, name: string, path = '/operation-logs') => queryParameter(o, path, name);

      it('resolves a pair of bounds into a range of the field', () => {
        const manifest = temp.good.manifest as Manifest;
        const entry = manifest.resources?.[1];
        if (entry === undefined) throw new Error('the repo manifest has no operation log resource');
        const { descriptor, problems } = resolveResource(entry, 1, resourceContext(temp.good));
        expect(problems).toEqual([]);
        expect(descriptor.fields.find((candidate) => candidate.name === 'time')).toMatchObject({
          filter: 'range',
          range: { from: 'timeFrom', to: 'timeTo' },
          format: 'date-time',
        });
      });

      it('rejects a from bound without a to bound', () => {
        expect(
          afterOpenapiEdit((o) => {
            const parameters: Json[] = o.paths['/operation-logs'].get.parameters;
            parameters.splice(parameters.indexOf(logParameter(o, 'timeTo')), 1);
          }),
        ).toEqual([
          `${logAt}: field "time": listOperationLogs bounds "time" from but not to: a range needs a query parameter with x-filter to and x-field "time"`,
        ]);
      });

      it('rejects a bound of another type than the field', () => {
        expect(afterOpenapiEdit((o) => (logParameter(o, 'timeFrom').schema = { type: 'integer' }))).toEqual([
          `${logAt}: field "time": query parameter timeFrom of listOperationLogs bounds "time", so it must be a string of format date-time, not an integer`,
        ]);
      });

      it('rejects a parameter naming the field with another x-filter, and a bound the export lacks', () => {
        expect(
          afterOpenapiEdit((o) => {
            logParameter(o, 'timeTo')['x-filter'] = 'equals';
            const parameters: Json[] = o.paths['/operation-logs/export'].get.parameters;
            parameters.splice(parameters.indexOf(logParameter(o, 'timeFrom', '/operation-logs/export')), 1);
          }),
        ).toEqual([
          `${logAt}: field "time": query parameter "timeTo" of listOperationLogs has x-field "time", so it needs x-filter from or to, not "equals"`,
          `${logAt}: field "time": listOperationLogs bounds "time" from but not to: a range needs a query parameter with x-filter to and x-field "time"`,
        ]);
      });

      it('rejects a range the export would ignore', () => {
        expect(
          afterOpenapiEdit((o) => {
            const parameters: Json[] = o.paths['/operation-logs/export'].get.parameters;
            parameters.splice(parameters.indexOf(logParameter(o, 'timeTo', '/operation-logs/export')), 1);
          }),
        ).toEqual([
          `${logAt}: field "time": shown in search, but exportOperationLogs has no query parameter "timeTo", so the export would not filter by it`,
        ]);
      });
    });

    it('rejects a search field the export would ignore', () => {
      expect(
        afterOpenapiEdit((o) => {
          const parameters: Json[] = o.paths['/aiservers/export'].get.parameters;
          parameters.splice(parameters.indexOf(queryParameter(o, '/aiservers/export', 'location')), 1);
        }),
      ).toEqual([
        `${at}/fields/14/show: field "location": shown in search, but exportAiServers has no query parameter "location", so the export would not filter by it`,
      ]);
    });

    it('rejects a field whose type differs between the row and the input schema', () => {
      expect(
        afterOpenapiEdit((o) => (o.components.schemas.AiServer.properties.port.type = 'string')),
      ).toEqual([
        `${at}/fields/4/name: field "port": AiServerInput.port is an integer from 1 to 65535 but AiServer.port is a string`,
      ]);
    });

    it('rejects a field that is not a string, integer, number, boolean or array', () => {
      expect(
        afterOpenapiEdit((o) => (o.components.schemas.AiServer.properties.cameraCount = { type: 'object' })),
      ).toEqual([
        `${at}/fields/8/name: field "cameraCount": AiServer.cameraCount is an object; a field must be a string, integer, number, boolean or array`,
      ]);
    });

    it('rejects every widget that does not fit its type, naming the field', () => {
      expect(
        afterManifestEdit((m) => {
          field(m, 'cpuLoad').widget = 'datetime';
          field(m, 'name').widget = 'number';
          field(m, 'port').widget = 'percent';
          field(m, 'serialNumber').widget = 'ip';
          field(m, 'createdAt').widget = 'switch';
          field(m, 'channelCapacity').widget = 'textarea';
        }),
      ).toEqual([
        `${at}/fields/1/widget: field "name": widget "number" needs an integer or a number, but AiServerInput.name is a string`,
        `${at}/fields/2/widget: field "serialNumber": widget "ip" needs a string of format ipv4, but AiServerInput.serialNumber is a string`,
        `${at}/fields/4/widget: field "port": widget "percent" needs a number from 0 to 100, but AiServerInput.port is an integer from 1 to 65535`,
        `${at}/fields/7/widget: field "channelCapacity": widget "textarea" needs a string without enum, but AiServerInput.channelCapacity is an integer from 1 to 256`,
        `${at}/fields/9/widget: field "cpuLoad": widget "datetime" needs a string of format date-time, but AiServer.cpuLoad is a nullable number from 0 to 100`,
        `${at}/fields/16/widget: field "createdAt": widget "switch" needs a boolean, but AiServer.createdAt is a string of format date-time`,
      ]);
    });

    it('rejects a plain text widget on an enum, and a select on a plain string', () => {
      expect(
        afterManifestEdit((m) => {
          field(m, 'status').widget = 'text';
          field(m, 'location').widget = 'select';
        }),
      ).toEqual([
        `${at}/fields/5/widget: field "status": widget "text" needs a string without enum, but AiServer.status is a string enum`,
        `${at}/fields/14/widget: field "location": widget "select" needs a string enum, but AiServerInput.location is a string`,
      ]);
    });

    it('rejects an enum value without an option label', () => {
      expect(afterManifestEdit((m) => delete field(m, 'status').options.offline)).toEqual([
        `${at}/fields/5/options: field "status": no option label for "offline" (values of AiServer.status)`,
      ]);
    });

    it('rejects an enum field without options', () => {
      expect(afterManifestEdit((m) => delete field(m, 'acceleratorType').options)).toEqual([
        `${at}/fields/6: field "acceleratorType": no option label for "NPU", "GPU", "CPU" (values of AiServerInput.acceleratorType)`,
      ]);
    });

    it('rejects an option for a value the enum does not have', () => {
      expect(
        afterManifestEdit(
          (m) => (field(m, 'status').options.busy = { zh: '忙碌', en: 'Busy', color: 'warning' }),
        ),
      ).toEqual([
        `${at}/fields/5/options/busy: field "status": "busy" is not a value of AiServer.status ("online", "offline")`,
      ]);
    });

    it('rejects options on a field that is not an enum', () => {
      expect(afterManifestEdit((m) => (field(m, 'name').options = { a: { zh: '甲', en: 'A' } }))).toEqual([
        `${at}/fields/1/options: field "name": has options, but AiServerInput.name is not an enum`,
      ]);
    });

    it('rejects a duplicate field', () => {
      expect(afterManifestEdit((m) => (field(m, 'serialNumber').name = 'name'))).toEqual([
        `${at}/fields/2/name: duplicate field "name" (first at /resources/0/fields/1/name)`,
      ]);
    });
  });

  describe('actions', () => {
    it('rejects an unknown action operation', () => {
      expect(afterManifestEdit((m) => (m.resources[0].actions[0].operation = 'rotateNope'))).toEqual([
        `${at}/actions/0/operation: unknown operationId "rotateNope" (not in openapi.yaml)`,
      ]);
    });

    const visitorAt = `manifest/console.json#/resources/${resourceIndex('visitor')}`;
    const visitorAction = (m: Json, name: string): Json =>
      m.resources[resourceIndex('visitor')].actions.find((candidate: Json) => candidate.name === name);

    it('describes an action with a body as a form from its schema, shown on the rows its `when` names', () => {
      const index = resourceIndex('visitor');
      const entry = (temp.good.manifest as Manifest).resources?.[index];
      if (entry === undefined) throw new Error('the repo manifest has no visitor resource');
      const { descriptor, problems } = resolveResource(entry, index, resourceContext(temp.good));
      expect(problems).toEqual([]);
      const [approve, checkIn] = descriptor.actions;
      expect(approve).toMatchObject({
        name: 'approve',
        path: '/visitors/{id}/approval',
        when: { status: ['pending'] },
        confirm: null,
      });
      expect(
        approve?.fields.map(({ name, widget, required, type }) => ({ name, widget, required, type })),
      ).toEqual([
        { name: 'decision', widget: 'select', required: true, type: 'string' },
        { name: 'comment', widget: 'textarea', required: true, type: 'string' },
      ]);
      expect(approve?.fields[0]?.options?.map((option) => option.value)).toEqual(['approve', 'reject']);
      expect(approve?.fields[1]).toMatchObject({ minLength: 1, maxLength: 200, form: true, table: false });
      expect(checkIn).toMatchObject({ name: 'checkIn', when: { status: ['approved'] }, fields: [] });
    });

    it('rejects a `when` naming no row property, or a value outside the enum', () => {
      expect(
        afterManifestEdit((m) => {
          visitorAction(m, 'approve').when = { state: ['pending'] };
          visitorAction(m, 'checkIn').when = { status: ['approved', 'arrived'] };
        }),
      ).toEqual([
        `${visitorAt}/actions/0/when/state: "state" is not a property of Visitor`,
        `${visitorAt}/actions/1/when/status: "arrived" not among the values of Visitor.status ("pending", "approved", "rejected", "visiting", "left")`,
      ]);
    });

    it('rejects an action whose body has no form, a form field the body lacks, and a form without a body', () => {
      expect(afterManifestEdit((m) => delete visitorAction(m, 'approve').fields)).toEqual([
        `${visitorAt}/actions/0: approveVisitor takes VisitorDecision; the action needs a field for "decision", "comment"`,
      ]);
      expect(
        afterManifestEdit((m) => {
          visitorAction(m, 'approve').fields[1].name = 'note';
          visitorAction(m, 'checkIn').fields = [{ name: 'x', label: { zh: 'x', en: 'x' }, widget: 'text' }];
        }),
      ).toEqual([
        `${visitorAt}/actions/0/fields: approveVisitor takes VisitorDecision; the action needs a field for "comment"`,
        `${visitorAt}/actions/0/fields/1/name: field "note": not a property of VisitorDecision, the create and update body`,
        `${visitorAt}/actions/1/fields: checkInVisitor takes no request body, so the action has no form`,
      ]);
    });

    it('rejects an action that only reads', () => {
      expect(afterManifestEdit((m) => (m.resources[0].actions[0].operation = 'getAiServer'))).toEqual([
        `${at}/actions/0/operation: getAiServer is GET /aiservers/{id}; an action must be POST, PUT or DELETE`,
      ]);
    });
  });

  describe('routes', () => {
    it('rejects a route naming an undeclared resource, and a resource without a route', () => {
      expect(afterManifestEdit((m) => (m.routes[4].children[0].resource = 'nosuch'))).toEqual([
        `${at}/name: resource "aiserver" has no route (no route has "resource": "aiserver")`,
        `${aiserverRoute}/resource: unknown resource "nosuch" (not in resources)`,
      ]);
    });

    it('rejects a second route for one resource', () => {
      // Found by path and name: other screens' routes and resources come and go around them.
      const alertRoute = routePointer(temp.good.manifest as Json, '/monitor/ai');
      expect(
        afterManifestEdit((m) => {
          // The AI alert route pointed at the AI servers: the alert resource is then left without one.
          const alerts = routeAt(m, '/monitor/ai');
          delete alerts.page;
          alerts.resource = 'aiserver';
          alerts.access = 'KEY.DEVICE.AISERVER';
        }),
      ).toEqual([
        `manifest/console.json#${alertRoute}/resource: duplicate route of resource "aiserver" (first at /routes/4/children/0/resource)`,
        `manifest/console.json#/resources/${resourceIndex('alert')}/name: resource "alert" has no route (no route has "resource": "alert")`,
      ]);
    });

    it('rejects a resource route while the resource screen file does not exist', () => {
      // Every route showing a resource without a page of its own (a page wrapping it is not reported).
      const screens: string[] = [];
      const walk = (routes: Json[], at: string) =>
        routes.forEach((route, index) => {
          if (route.resource && !route.page) screens.push(`${at}/${index}`);
          if (route.children) walk(route.children, `${at}/${index}/children`);
        });
      walk((temp.good.manifest as Json).routes, 'manifest/console.json#/routes');
      expect(screens).toContain(aiserverRoute);
      expect(messages({ ...temp.good, hasResourceScreen: false })).toEqual(
        screens.map(
          (at) => `${at}/resource: resource screen src/resources/ResourceScreen.tsx does not exist`,
        ),
      );
    });

    it('lets a page wrap a resource route, and checks the page file exists', () => {
      expect(afterManifestEdit((m) => (m.routes[4].children[0].page = 'cameras/CameraPage'))).toEqual([]);
      expect(afterManifestEdit((m) => (m.routes[4].children[0].page = 'devices/AiServerScreen'))).toEqual([
        `${aiserverRoute}/page: page file src/pages/devices/AiServerScreen.tsx does not exist`,
      ]);
    });
  });

  it('reports every resource problem of every kind in one run', () => {
    expect(
      messagesAfter(temp.good, {
        manifest: (m) => {
          m.resources[0].operations.export = 'exportNope';
          field(m, 'cpuLoad').widget = 'text';
          delete field(m, 'status').options.online;
          m.routes[4].children[0].access = 'KEY.DEVICE';
        },
        openapi: (o) => (o.paths['/aiservers/{id}'].delete['x-access'] = 'KEY.DEVICE'),
      }),
    ).toEqual([
      `${aiserverRoute}/access: must be "KEY.DEVICE.AISERVER", the access of resource "aiserver", not "KEY.DEVICE"`,
      `${at}/operations/delete: deleteAiServer has x-access "KEY.DEVICE", not the resource's access "KEY.DEVICE.AISERVER"`,
      `${at}/operations/export: unknown operationId "exportNope" (not in openapi.yaml)`,
      `${at}/fields/5/options: field "status": no option label for "online" (values of AiServer.status)`,
      `${at}/fields/9/widget: field "cpuLoad": widget "text" needs a string without enum, but AiServer.cpuLoad is a nullable number from 0 to 100`,
    ]);
  });

  it('takes boxes only for an array of boxes, and a field shown in the export only from the item', () => {
    expect(
      afterManifestEdit((m) => {
        field(m, 'name').widget = 'boxes';
        m.resources[0].fields.push({
          name: 'nope',
          label: { zh: '无', en: 'None' },
          show: ['export'],
          widget: 'text',
        });
      }),
    ).toEqual([
      `${at}/fields/1/widget: field "name": widget "boxes" needs an array of objects with x, y, width and height, but AiServerInput.name is a string`,
      `${at}/fields/${String(readRepoManifest().resources?.[0]?.fields.length)}/name: field "nope": not a property of AiServer`,
    ]);
  });

  it('skips the openapi.yaml checks of a resource the schema rejects, and reports the rest', () => {
    expect(
      afterManifestEdit((m) => {
        field(m, 'name').show = ['grid'];
        field(m, 'port').widget = 'slider';
        m.resources[0].operations.get = 'getNope';
      }),
    ).toEqual([
      `${at}/fields/1/show/0: "grid" is not one of ${quotedList(fieldPlaces)}`,
      `${at}/fields/4/widget: "slider" is not one of ${quotedList(Object.keys(widgetNeeds))}`,
    ]);
  });
});

describe('image and file fields', () => {
  /** The AI server with a photo field marked x-upload, in the input and row schemas and the manifest. */
  function withPhoto(upload: unknown, widget = 'image') {
    const manifest = structuredClone(temp.good.manifest) as Json;
    const openapi = structuredClone(temp.good.openapi) as Json;
    const photo = { type: ['integer', 'null'], 'x-upload': upload };
    openapi.components.schemas.AiServerInput.properties.photoId = photo;
    openapi.components.schemas.AiServer.properties.photoId = photo;
    manifest.resources[0].fields.push({
      name: 'photoId',
      label: { zh: '照片', en: 'Photo' },
      show: ['table', 'form', 'detail'],
      widget,
    });
    return { ...temp.good, manifest, openapi };
  }

  it('describes the upload operation its x-upload names: path, part, accepted types, byte limit, download', () => {
    const inputs = withPhoto('uploadStaffPhoto');
    const entry = (inputs.manifest as Manifest).resources?.[0];
    if (entry === undefined) throw new Error('no resource');
    const { descriptor, problems } = resolveResource(entry, 0, resourceContext(inputs));
    expect(problems).toEqual([]);
    expect(descriptor.fields.find((candidate) => candidate.name === 'photoId')).toMatchObject({
      widget: 'image',
      type: 'integer',
      nullable: true,
      upload: {
        operation: 'uploadStaffPhoto',
        path: '/files/staff-photos',
        part: 'file',
        download: '/files/staff-photos/{id}',
        accept: ['image/jpeg', 'image/png', 'image/webp'],
        maxBytes: 2097152,
      },
    });
  });

  it('rejects a file widget without x-upload, and an x-upload naming no upload operation', () => {
    const last = (inputs: Inputs) =>
      messages(inputs).map((message) => message.replace(/fields\/\d+/, 'fields/N'));
    const unmarked = withPhoto(undefined, 'file');
    expect(last(unmarked)).toEqual([
      `${at}/fields/N/widget: field "photoId": widget "file" needs an integer or a string with x-upload naming its upload operation, but AiServerInput.photoId is a nullable integer`,
    ]);
    expect(last(withPhoto('listAiServers'))).toEqual([
      `${at}/fields/N/name: field "photoId": AiServerInput.photoId has x-upload "listAiServers", which is not a POST with a multipart/form-data body of one encoded part`,
    ]);
    expect(last(withPhoto('nothingHere'))).toEqual([
      `${at}/fields/N/name: field "photoId": AiServerInput.photoId has x-upload "nothingHere", which is not an operationId of openapi.yaml`,
    ]);
    const unserved = withPhoto('uploadStaffPhoto');
    delete (unserved.openapi as Json).paths['/files/staff-photos/{id}'];
    expect(last(unserved)).toEqual([
      `${at}/fields/N/name: field "photoId": AiServerInput.photoId has x-upload "uploadStaffPhoto", but no GET /files/staff-photos/{id} serves its files`,
      // The staff screen's own face photo field loses its server just the same.
      `manifest/console.json#/resources/${resourceIndex('staff')}/fields/N/name: field "facePhotoId": StaffInput.facePhotoId has x-upload "uploadStaffPhoto", but no GET /files/staff-photos/{id} serves its files`,
    ]);
  });
});
