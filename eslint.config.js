import js from '@eslint/js';
import importX, { createNodeResolver } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['dist', 'dist-*', '.e2e-data*', 'node_modules', 'src/client/routeTree.gen.ts', 'src/client/locales', 'src/server/db/migrations', 'test-results', 'playwright-report'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    plugins: { 'import-x': importX, 'react-hooks': reactHooks },
    settings: {
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js'] })],
      'import-x/ignore': ['node_modules'],
    },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_' }],
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      // The house plan (DESIGN.md): client, server and sw import shared, never each other; shared imports nothing of ours.
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            { target: './src/shared', from: ['./src/client', './src/server', './sw'], message: 'shared is pure: it imports nothing of ours.' },
            { target: './src/client', from: ['./src/server', './sw'], message: 'the client talks to the server over HTTP only.' },
            { target: './src/server', from: ['./src/client', './sw'], message: 'the server never imports client code.' },
            { target: './sw', from: ['./src/client', './src/server'], message: 'the service worker imports shared only.' },
          ],
        },
      ],
    },
  },
  {
    files: ['src/shared/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['node:*', 'react', 'react-dom', 'fs', 'path'], message: 'shared runs in the browser, the server and the worker alike.' }] },
      ],
    },
  },
);
