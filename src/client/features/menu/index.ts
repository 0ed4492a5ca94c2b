export { WholeMenu, MENUS_SECTION, categorySection } from './WholeMenu';
