import { defineConfig } from '@hey-api/openapi-ts';

export default defineConfig({
  input: './generated/openapi.json',
  output: { path: './generated/client', postProcess: [] },
  plugins: [
    '@hey-api/client-fetch',
    '@hey-api/typescript',
    '@hey-api/sdk',
    { name: '@hey-api/schemas', type: 'json' },
    { name: '@tanstack/react-query', queryOptions: true, mutationOptions: true, useQuery: true, useMutation: true },
  ],
});
