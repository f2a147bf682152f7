// Collects every handler under server/handlers: each file exports functions named by
// operationId. Start-up fails if an operation in the document has no handler or a
// handler names no operation, so the document and the code cannot drift apart. Operations
// expanded from a declared resource come with their generic handler (`declared`).
import type { Handler } from './handler';
import { handlerModules } from './handler-modules';

export function loadHandlers(operationIds: string[], declared: ReadonlyMap<string, Handler> = new Map()): Map<string, Handler> {
  const handlers = new Map<string, Handler>(declared);
  for (const { file, exports } of handlerModules()) {
    for (const [name, fn] of Object.entries(exports)) {
      if (typeof fn !== 'function') continue;
      if (handlers.has(name)) throw new Error(`Handler ${name} is exported twice (${file})`);
      handlers.set(name, fn as Handler);
    }
  }
  const known = new Set(operationIds);
  const missing = operationIds.filter((id) => !handlers.has(id));
  const orphans = [...handlers.keys()].filter((id) => !known.has(id));
  if (missing.length > 0) throw new Error(`No handler for operations: ${missing.join(', ')}`);
  if (orphans.length > 0) throw new Error(`Handlers for unknown operations: ${orphans.join(', ')}`);
  return handlers;
}
