export { currentTableSession, endTableSession, restoreTableSession, startTableSession, tableState, useTableSession, type TableStart } from './session';
export { TableBanner } from './TableBanner';
