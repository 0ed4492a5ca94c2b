export { AllergenNotice } from './AllergenNotice';
export { FilterButton } from './FilterButton';
export { useMenuFilter, type FilterEngine } from './menu-filter';
export { useAvoidance, type Avoidance } from './names';
export { currentFilter, markFilterPending, useAllergenFilter } from './store';
export { ShareWithKitchen, sharedAvoidList } from './ShareWithKitchen';
