export { OfflineIndicator } from './OfflineIndicator';
export { UpdatePrompt } from './UpdatePrompt';
export { registerServiceWorker } from './register';
export { useOnline } from './online';
