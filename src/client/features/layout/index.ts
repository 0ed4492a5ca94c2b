export { Header } from './Header';
export { TopBar } from './TopBar';
export { Footer } from './Footer';
export { LoadingOverlay } from './LoadingOverlay';
export { PageModal } from './PageModal';
export { Toasts } from '../../ui/Toasts';
export { SocialLinks } from './social';
export { pushToast } from '../../ui/toasts';
export { hideLoader, showLoader } from './loading';
