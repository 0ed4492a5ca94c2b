/**
 * The trap field every public form carries (contact, reservation): hidden from people (not shown,
 * not focusable, not read out), so only a robot filling every input fills it. Named like a field
 * a spam bot is glad to fill. Decision 015 gives the reasons.
 */
export const HONEYPOT_FIELD = 'website';
