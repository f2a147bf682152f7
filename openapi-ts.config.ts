import { defineConfig } from '@hey-api/openapi-ts';

export default defineConfig({
  input: './generated/openapi.json',
  output: { path: './generated/client', postProcess: [] },
  // One type per component, its readOnly and writeOnly marks kept as keywords: split variants would
  // drop a writeOnly password from the login body, and bodies never reuse a read schema, so a
  // request-only variant would add nothing. The JSON Schemas are generated/schemas/<Name>.ts
  // (scripts/schema-modules.ts), one module each so that a page's chunks carry only its own.
  parser: { transforms: { readWrite: false } },
  plugins: [
    '@hey-api/client-fetch',
    '@hey-api/typescript',
    '@hey-api/sdk',
    { name: '@tanstack/react-query', queryOptions: true, mutationOptions: true, useQuery: true, useMutation: true },
  ],
});
