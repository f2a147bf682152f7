// The bundler declares the answers the request pipeline can give, on the operations they apply to.
import { addPipelineResponses } from '../../scripts/openapi-pipeline-responses';

type Operation = { security?: unknown[]; requestBody?: unknown; responses?: Record<string, unknown> };

const statusesAfterBundling = (method: string, op: Operation): string[] => {
  const doc = { paths: { '/x': { [method]: op } } };
  addPipelineResponses(doc);
  return Object.keys(doc.paths['/x'][method].responses ?? {});
};

it.each([
  { name: 'a public read', method: 'get', op: { security: [], responses: { '200': {} } }, expected: ['200', '400'] },
  { name: 'a signed-in read', method: 'get', op: { security: [{ session: [] }], responses: { '200': {} } }, expected: ['200', '400', '401'] },
  { name: 'a public change without a body', method: 'post', op: { security: [], responses: { '200': {} } }, expected: ['200', '400', '403'] },
  {
    name: 'a signed-in change with a body',
    method: 'put',
    op: { security: [{ session: [] }], requestBody: {}, responses: { '200': {} } },
    expected: ['200', '400', '401', '403', '413', '415'],
  },
])('declares $expected for $name', ({ method, op, expected }) => {
  expect(statusesAfterBundling(method, op)).toEqual(expected);
});

it('keeps a status the operation declares itself', () => {
  const own = { description: 'Refused: not your app.' };
  const doc = { paths: { '/x': { delete: { security: [], responses: { '200': {}, '403': own } } } } };
  addPipelineResponses(doc);
  expect(doc.paths['/x'].delete.responses['403']).toBe(own);
});
