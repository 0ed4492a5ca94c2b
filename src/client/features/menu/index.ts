export { CategorySlider, type Selection } from './CategorySlider';
export { CategoryView, MenusView } from './CategoryView';
