import { operationsById } from '../../contract/document';
import { literal } from '../literal';
import { newSourceFile } from './source-file';

/**
 * The access key of every operation that needs one (`x-access`), one constant per operationId: the
 * console shows a control only to who may call its operation, and reads the key from here rather
 * than typing it again. Separate constants, so a bundle carries only the keys its screens read.
 */
export function emitOperationAccess(openapi: unknown): string {
  const file = newSourceFile('operation-access.ts');
  file.addImportDeclaration({ isTypeOnly: true, moduleSpecifier: './access', namedImports: ['AccessKey'] });
  // One statement list added at once: ts-morph re-parses the file after each addition.
  file.addStatements(
    [...operationsById(openapi).values()].flatMap(({ id, operation, path, method }) => {
      const key = operation['x-access'];
      if (typeof key !== 'string') return [];
      return [
        `/** x-access of ${method.toUpperCase()} ${path}. */`,
        `export const ${id}: AccessKey = ${literal(key)};`,
      ];
    }),
  );
  return file.getFullText();
}
