export { MenuCustomise } from './MenuCustomise';
export { ProductCustomise } from './ProductCustomise';
