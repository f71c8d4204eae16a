import { describe, expect, it } from 'vitest';
import { snakeCase, tableOfSchema } from './naming';

describe('naming by convention', () => {
  it.each([
    ['id', 'id'],
    ['createdAt', 'created_at'],
    ['aiServerId', 'ai_server_id'],
    ['fileSha256', 'file_sha256'],
    ['ingestURL', 'ingest_url'],
    ['AiServer', 'ai_server'],
  ])('stores %s in the column %s', (field, column) => {
    expect(snakeCase(field)).toBe(column);
  });

  it.each([
    ['ParkingLot', 'parking_lots'],
    ['OperationLog', 'operation_logs'],
    ['Category', 'categories'],
    ['Gateway', 'gateways'],
    ['Box', 'boxes'],
    ['Switch', 'switches'],
    ['Staff', 'staffs'],
  ])('keeps %s items in the table %s', (schema, table) => {
    expect(tableOfSchema(schema)).toBe(table);
  });
});
