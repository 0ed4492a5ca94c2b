export { Header } from './Header';
export { TopBar } from './TopBar';
export { DeferredFooter } from './DeferredFooter';
export { LoadingOverlay } from './LoadingOverlay';
export { PageModal } from './PageModal';
export { adoptServerPopup, markPopupSeen, popupFromServer, popupToOpen, seenPopups } from './popup';
export { closedNoticeBeforeRender, closedNoticeSeen, followServerNotice, useClosedNotice } from './closed-notice';
export { SocialLinks } from './social';
// The home route reaches toasts through here: importing ui/toasts directly from the lazy route makes
// the bundler split the entry into four shared chunks (+2.7 KB gzip and three more requests).
export { pushToast } from '../../ui/toasts';
export { hideLoader, showLoader } from './loading';
export { useFocusOnNavigate } from './use-focus-on-navigate';
