export { applyBranding, startBranding } from './apply';
