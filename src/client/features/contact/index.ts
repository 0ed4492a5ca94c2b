export { ContactForm } from './ContactForm';
export { loadContactMessages } from './messages';
