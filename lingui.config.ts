import { defineConfig } from '@lingui/cli';

export default defineConfig({
  sourceLocale: 'en',
  locales: ['de', 'en'],
  fallbackLocales: { default: 'en' },
  catalogs: [
    {
      path: '<rootDir>/src/client/locales/{locale}/messages',
      include: ['src/client'],
      exclude: ['**/routeTree.gen.ts', '**/locales/**', 'src/client/staff/**'],
    },
    {
      // The staff side's strings stay out of the diner's catalog (and so out of the diner's download).
      path: '<rootDir>/src/client/staff/locales/{locale}/messages',
      include: ['src/client/staff', 'src/client/ui/money.ts', 'src/client/features/customise/choice-state.ts'],
      exclude: ['**/locales/**'],
    },
  ],
  format: 'po',
});
