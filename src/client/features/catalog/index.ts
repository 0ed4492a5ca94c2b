export { catalogQueries, ensureStartupData, primeProducts } from './queries';
export { useDeclarations, useLang, useLanguages, usePages, useSettings } from './hooks';
export { saveMenuWhenIdle } from './save-when-idle';
export { savesData } from './offline-plan';
export { seedFirstScreen, takePageTableGrant } from './first-screen';
export { followCatalogVersion } from './version';
