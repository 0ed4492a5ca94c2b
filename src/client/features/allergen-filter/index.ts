export { AllergenNotice } from './AllergenNotice';
export { FilterButton } from './FilterButton';
export { useAvoidance, type Avoidance } from './names';
export { currentFilter, useAllergenFilter } from './store';
export { ShareWithKitchen, sharedAvoidList } from './ShareWithKitchen';
