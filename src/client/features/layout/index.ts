export { Header } from './Header';
export { TopBar } from './TopBar';
export { Footer } from './Footer';
export { LoadingOverlay } from './LoadingOverlay';
export { PageModal } from './PageModal';
export { SocialLinks } from './social';
export { hideLoader, showLoader } from './loading';
