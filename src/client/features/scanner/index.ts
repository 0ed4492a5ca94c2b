export { ScanTableButton } from './ScanTableButton';
