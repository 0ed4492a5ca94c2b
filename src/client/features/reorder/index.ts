export { ReorderButton } from './ReorderButton';
