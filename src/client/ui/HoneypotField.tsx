import type { Ref } from 'react';
import { HONEYPOT_FIELD } from '../../shared/contract/honeypot';

/**
 * The trap of a public form (decision 015): people never see, reach or hear it (inert,
 * aria-hidden, off screen rather than display: none, which some robots skip); robots fill in
 * every field they find. The form sends whatever it holds; the server treats any value as a robot.
 */
export function HoneypotField({ id, inputRef }: { id: string; inputRef: Ref<HTMLInputElement> }) {
  return (
    <div className="trap-field" aria-hidden="true" inert>
      <label htmlFor={id}>Website</label>
      <input ref={inputRef} id={id} name={HONEYPOT_FIELD} type="text" tabIndex={-1} autoComplete="off" defaultValue="" />
    </div>
  );
}
