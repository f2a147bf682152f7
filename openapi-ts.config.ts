import { defineConfig } from '@hey-api/openapi-ts';

export default defineConfig({
  input: './generated/openapi.json',
  output: { path: './generated/client', postProcess: [] },
  // One type and one JSON Schema per component, its readOnly and writeOnly marks kept as keywords:
  // split variants would drop a writeOnly password from AccountLoginBodySchema, the schema its form
  // draws, and bodies never reuse a read schema, so a request-only variant would add nothing.
  parser: { transforms: { readWrite: false } },
  plugins: [
    '@hey-api/client-fetch',
    '@hey-api/typescript',
    '@hey-api/sdk',
    { name: '@hey-api/schemas', type: 'json' },
    { name: '@tanstack/react-query', queryOptions: true, mutationOptions: true, useQuery: true, useMutation: true },
  ],
});
