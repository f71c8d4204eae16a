// Where the server's handler of an operation lives, by convention: each file
// server/<room>/<name>-operations.ts exports `<name>Operations`, and codegen writes the index
// importing every one (server/generated/operation-handlers.ts). Codegen and the server's start-up
// check both name files by these rules.

export const handlerModuleSuffix = '-operations.ts';

/** `server/cameras/camera-operations.ts` → `cameraOperations`: the name the module exports its handlers as. */
export function handlerExportOf(file: string): string {
  const base = file.slice(file.lastIndexOf('/') + 1, -'.ts'.length);
  return base.replace(/-([a-z0-9])/g, (_dash, letter: string) => letter.toUpperCase());
}

/** `readAuditLog` → `read-audit-log-operations.ts`: the file a new handler of the operation goes in. */
export function handlerFileOf(operationId: string): string {
  return `${operationId.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`)}${handlerModuleSuffix}`;
}
