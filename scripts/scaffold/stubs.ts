// The three files `npm run scaffold -- <operationId>` writes for an operation that needs
// hand-written code: a thin typed handler, a service that holds the rule, and a test that calls
// the operation and fails until the service answers what the document declares.
import { kebabName } from '../../rules/resource-declaration';

export interface OperationFacts {
  operationId: string;
  method: string;
  path: string;
  /** The operation's first tag: the area folder under server/handlers, services and test. */
  area: string;
  /** The declared success status. */
  status: string;
  secured: boolean;
  hasBody: boolean;
  pathParameters: string[];
}

const pascal = (id: string): string => id.charAt(0).toUpperCase() + id.slice(1);

export function handlerStub(op: OperationFacts): string {
  const type = pascal(op.operationId);
  const inputs = ['ctx', ...(op.hasBody ? ['body'] : []), ...(op.pathParameters.length > 0 ? ['path'] : []), 'query', ...(op.secured ? ['req'] : [])];
  return `// ${op.method.toUpperCase()} ${op.path}: the request's parts to the service, its answer to the envelope.
import type { ${type}Data, ${type}Response } from '../../../generated/client/types.gen';
import { handler${op.secured ? ', requireUserId' : ''} } from '../../http/handler';
import { ${op.operationId} as run } from '../../services/${op.area}/${kebabName(op.operationId)}';

export const ${op.operationId} = handler<${type}Data, ${type}Response>(async ({ ${inputs.join(', ')} }) => ({
  data: await run({ ctx${op.secured ? ', userId: requireUserId(req)' : ''}${op.hasBody ? ', body' : ''}${op.pathParameters.length > 0 ? ', path' : ''}, query }),${op.status === '200' ? '' : `\n  status: ${op.status},`}
}));
`;
}

export function serviceStub(op: OperationFacts): string {
  const type = pascal(op.operationId);
  return `// The rule of ${op.operationId}: what the document cannot say. Keep Express out of it.
import type { AppContext } from '../../context';
import type { ${type}Data, ${type}Response } from '../../../generated/client/types.gen';
import { AppError } from '../../http/errors';

export async function ${op.operationId}(input: {
  ctx: AppContext;${op.secured ? '\n  userId: string;' : ''}${op.hasBody ? `\n  body: ${type}Data['body'];` : ''}${op.pathParameters.length > 0 ? `\n  path: ${type}Data['path'];` : ''}
  query: ${type}Data['query'];
}): Promise<${type}Response['data']> {
  throw new AppError(501, \`${op.operationId} is not written yet (\${Object.keys(input).join(', ')})\`);
}
`;
}

export function testStub(op: OperationFacts): string {
  const path = op.path.replace(/\{([^}]+)\}/g, (_whole, name: string) => `\${${name}}`);
  const constants = op.pathParameters.map((name) => `const ${name} = 'replace-with-a-real-${kebabName(name)}';`).join('\n');
  return `// ${op.operationId}, by behaviour. Fails until the service answers what the document declares.
${op.secured ? '' : "import request from 'supertest';\n"}import { withTestApp } from '../helpers/test-app';
${op.secured ? "import { signInAs } from '../helpers/developer';\n" : ''}
const t = withTestApp();
${constants ? `${constants}\n` : ''}
describe('${op.operationId}', () => {
  it('answers ${op.status} with what the document declares', async () => {
    ${op.secured ? "const { agent } = await signInAs({ app: t.app, ctx: t.ctx, email: 'someone@example.com' });\n    " : 'const agent = request(t.app);\n    '}const res = await agent.${op.method}(\`${path}\`)${op.hasBody ? '.send({})' : ''};
    expect(res.status).toBe(${op.status});
  });
});
`;
}
