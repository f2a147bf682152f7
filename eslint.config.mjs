import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';

export default tseslint.config(
  { ignores: ['generated/**', 'web/dist/**', 'dist/**', 'node_modules/**', '.jest-cache/**', 'data/**', 'test-results/**', 'sdk/dist/**'] },
  js.configs.recommended,
  ...tseslint.configs.strict,
  {
    files: ['**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    languageOptions: { parserOptions: { projectService: { allowDefaultProject: ['openapi-ts.config.ts'] }, tsconfigRootDir: import.meta.dirname } },
    rules: {
      ...reactHooks.configs.recommended.rules,
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-explicit-any': 'error',
      // A background loop's stop or a write left unawaited races what comes after it (a CI flake once).
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/ban-ts-comment': 'error',
      '@typescript-eslint/no-require-imports': 'off',
      'no-console': 'off',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    files: ['**/*.{js,mjs,cjs}'],
    languageOptions: { globals: { module: 'writable', require: 'readonly', process: 'readonly', console: 'readonly', __dirname: 'readonly' } },
  },
);
