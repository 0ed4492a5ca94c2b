import { createRequire } from 'node:module';
import type sanitizeHtml from 'sanitize-html';

/**
 * sanitize-html (with htmlparser2 and postcss) takes 0.1-0.3 s to load: a start-up does not pay
 * it, the first page read or saved does (decision 035). Required, not imported, so the callers
 * stay synchronous.
 */
let loaded: typeof sanitizeHtml | undefined;
const library = (): typeof sanitizeHtml => (loaded ??= createRequire(import.meta.url)('sanitize-html') as typeof sanitizeHtml);

/**
 * What a page may contain: the rich-text editor's marks and blocks, nothing that runs. Links
 * only to the web, mail and phone; a link that opens a new tab never hands it the opener.
 * No scripts, styles, frames, images, SVG, event handlers or data:/javascript: URLs.
 */
const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: ['p', 'br', 'h1', 'h2', 'h3', 'h4', 'strong', 'b', 'em', 'i', 'u', 's', 'ul', 'ol', 'li', 'a', 'blockquote', 'hr'],
  allowedAttributes: { a: ['href', 'target', 'rel', 'title'] },
  allowedSchemes: ['http', 'https', 'mailto', 'tel'],
  allowedSchemesAppliedToAttributes: ['href'],
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  // Word's and the web's wrappers go, their text stays; these go with their content.
  nonTextTags: ['script', 'style', 'textarea', 'option', 'noscript', 'title', 'head', 'template', 'svg', 'math', 'iframe', 'object'],
  transformTags: {
    a: (tagName, attribs) => {
      const out: sanitizeHtml.Attributes = {};
      if (attribs.href) out.href = attribs.href;
      if (attribs.title) out.title = attribs.title;
      if (attribs.target === '_blank') {
        out.target = '_blank';
        out.rel = 'noopener noreferrer';
      }
      return { tagName, attribs: out };
    },
    b: 'strong',
    i: 'em',
  },
  // A link whose address was refused (javascript:, data:) goes with its text: no dead, misleading link.
  exclusiveFilter: (frame) => frame.tag === 'a' && !frame.attribs.href,
};

export function sanitizePageHtml(html: string): string {
  return library()(html.replace(/\0/g, ''), OPTIONS).trim();
}
