export { PhoneField } from './PhoneField';
