/** What the menu's lists need to apply a filter: a chunk of its own, loaded once a filter is set (a first visit never has one). */
export { conflictsIn, menuConflict, productConflict } from '../../../shared/allergens';
export { nameCodes } from './name-codes';
