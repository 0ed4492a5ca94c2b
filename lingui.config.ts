import { defineConfig } from '@lingui/cli';

export default defineConfig({
  sourceLocale: 'en',
  locales: ['de', 'en'],
  fallbackLocales: { default: 'en' },
  catalogs: [
    {
      path: '<rootDir>/src/client/locales/{locale}/messages',
      include: ['src/client'],
      exclude: ['**/routeTree.gen.ts', '**/locales/**'],
    },
  ],
  format: 'po',
});
