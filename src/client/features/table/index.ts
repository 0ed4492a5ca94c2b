export { arriveBeforeRouting, currentTableSession, endTableSession, greetAtTable, restoreTableSession, startTableSession, tableState, useTableSession, type TableStart } from './session';
export { TableBanner } from './TableBanner';
export { loadTableMessages } from './load-messages';
