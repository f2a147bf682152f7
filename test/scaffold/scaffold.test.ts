// npm run scaffold: the stubs of an operation that needs hand-written code, and what it refuses.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { scaffold } from '../../scripts/scaffold/scaffold';
import { openApiDocument } from '../../server/http/openapi-document';
import type { OpenApiDocument } from '../../server/http/openapi-document';
import { tempDir } from '../helpers/temp-dir';

const written = (root: string, operationId: string): Record<string, string> => {
  const files = scaffold({ operationId, root, handled: false });
  return Object.fromEntries(files.map((file) => [file.slice(root.length + 1), readFileSync(file, 'utf8')]));
};

describe('npm run scaffold', () => {
  it('writes a typed handler, a service and a failing test, by the operation tag', () => {
    const root = tempDir('nindo-scaffold-');
    const files = written(root, 'changeAppUserSubscription');
    expect(Object.keys(files)).toEqual(['server/handlers/app-users/change-app-user-subscription.ts', 'server/services/app-users/change-app-user-subscription.ts', 'test/app-users/change-app-user-subscription.test.ts']);
    expect(files['server/handlers/app-users/change-app-user-subscription.ts']).toContain('handler<ChangeAppUserSubscriptionData, ChangeAppUserSubscriptionResponse>(async ({ ctx, body, path, query, req })');
    expect(files['server/handlers/app-users/change-app-user-subscription.ts']).toContain('userId: requireUserId(req)');
    expect(files['server/services/app-users/change-app-user-subscription.ts']).toContain("path: ChangeAppUserSubscriptionData['path'];");
    expect(files['server/services/app-users/change-app-user-subscription.ts']).toContain('throw new AppError(501');
    expect(files['test/app-users/change-app-user-subscription.test.ts']).toContain('agent.put(`/integrations/developer/apps/${appId}/users/${userId}/subscription/${subId}`).send({})');
  });

  it.each([
    ['a public operation: no session, no req', 'getHealth', 'server/handlers/system/get-health.ts', 'async ({ ctx, query })'],
    ['a create: its declared status', 'createProject', 'server/handlers/projects/create-project.ts', 'status: 201,'],
  ])('fits %s', (_name, operationId, file, expected) => {
    expect(written(tempDir('nindo-scaffold-'), operationId)[file]).toContain(expected);
  });

  it('refuses to overwrite a file', () => {
    const root = tempDir('nindo-scaffold-');
    scaffold({ operationId: 'getHealth', root, handled: false });
    expect(() => scaffold({ operationId: 'getHealth', root, handled: false })).toThrow(/^Would overwrite .*get-health\.ts/);
  });

  it('refuses an operation that already has a handler, and writes nothing', () => {
    const root = tempDir('nindo-scaffold-');
    expect(() => scaffold({ operationId: 'getHealth', root })).toThrow('getHealth already has a handler');
    expect(existsSync(join(root, 'server'))).toBe(false);
  });

  it('refuses an operation the document does not have', () => {
    expect(() => scaffold({ operationId: 'getNothing', root: tempDir('nindo-scaffold-'), handled: false })).toThrow('No operation getNothing in generated/openapi.json: describe it in openapi/ and run npm run generate first');
  });

  it('refuses an operation of a declared resource', () => {
    const document = structuredClone(openApiDocument()) as OpenApiDocument;
    document.paths['/api/things'] = { get: { operationId: 'listThings', 'x-resource-operation': { resource: 'Thing', action: 'list' } } as never };
    expect(() => scaffold({ operationId: 'listThings', root: tempDir('nindo-scaffold-'), document, handled: false })).toThrow('listThings is served by a declared resource: change its x-resource block instead');
  });
});
