/** @type {import('jest').Config} */
module.exports = {
  testEnvironment: 'node',
  roots: ['<rootDir>/test'],
  testMatch: ['**/*.test.ts', '**/*.test.tsx'],
  testPathIgnorePatterns: ['/node_modules/', '/test/e2e/'],
  transform: {
    '^.+\\.(t|j)sx?$': ['@swc/jest', { jsc: { parser: { syntax: 'typescript', tsx: true }, transform: { react: { runtime: 'automatic' } }, target: 'es2022' }, module: { type: 'commonjs' } }],
  },
  transformIgnorePatterns: ['/node_modules/(?!(@x0k/json-schema-merge|fast-check|mingo|smtp-server|oidc-provider|age-encryption|@noble|@scure)/)'],
  // Component tests import CSS; jsdom needs none of it.
  moduleNameMapper: { '\\.css$': '<rootDir>/test/web/style-stub.js' },
  cacheDirectory: '<rootDir>/.jest-cache',
  testTimeout: 30000,
  setupFilesAfterEnv: ['<rootDir>/test/web/async-timeout.ts'],
};
