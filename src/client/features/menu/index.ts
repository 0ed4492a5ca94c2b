export { CategorySlider, type Selection } from './CategorySlider';
export { CategoryView, MenusView } from './CategoryView';
export { CategoryUnavailable } from './CategoryUnavailable';
