export { ContactForm } from './ContactForm';
export { loadContactMessages } from './load-messages';
