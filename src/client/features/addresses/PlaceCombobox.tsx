import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useId, useState, type KeyboardEvent, type ReactNode } from 'react';
import type { PlaceSuggestion } from '../../../shared/contract/account';
import { ApiError, get } from '../../lib/api';

/** Spec §4: suggestions follow the typing after a short pause. */
export const SEARCH_DEBOUNCE_MS = 300;
/** The server asks for at least two characters. */
const MIN_QUERY = 2;

interface Props {
  onSelect: (suggestion: PlaceSuggestion) => void;
  /** Described by the finder's own instructions. */
  describedBy?: string;
  /** The suggestions' path: a customer's or a guest's look-up (decision 020). */
  searchPath?: string;
  /** An id of the form's own, so it can lead the focus here. */
  inputId?: string;
  /** The surrounding form has a message about the place. */
  invalid?: boolean;
}

/**
 * A search box with suggestions inside the delivery region (`GET /me/addresses/search-fixed`, or a guest's `/addresses/search-fixed`),
 * following the ARIA combobox pattern with a listbox popup: arrow keys move through the
 * suggestions, Enter chooses, Escape closes the list (or clears the box when it is closed).
 */
export function PlaceCombobox({ onSelect, describedBy, searchPath = '/me/addresses/search-fixed', inputId: givenId, invalid }: Props) {
  const { t } = useLingui();
  const baseId = useId();
  const inputId = givenId ?? `${baseId}-input`;
  const listId = `${baseId}-list`;
  const hintId = `${baseId}-hint`;
  const optionId = (i: number) => `${baseId}-option-${i}`;

  const [text, setText] = useState('');
  /** What the diner typed; a chosen suggestion fills the box without searching again. */
  const [term, setTerm] = useState('');
  const [results, setResults] = useState<PlaceSuggestion[] | null>(null);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const [loading, setLoading] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  useEffect(() => {
    const q = term.trim();
    if (q.length < MIN_QUERY) {
      setResults(null);
      setLoading(false);
      setFailure(null);
      return;
    }
    const controller = new AbortController();
    const timer = setTimeout(() => {
      setLoading(true);
      get<PlaceSuggestion[]>(searchPath, { q }, controller.signal)
        .then((list) => {
          setResults(list);
          setFailure(null);
          setActive(-1);
          setOpen(true);
        })
        .catch((error: unknown) => {
          if (controller.signal.aborted) return;
          setResults(null);
          setFailure(
            error instanceof ApiError ? error.message : t`We could not reach the restaurant. Please check your connection and try again.`,
          );
        })
        .finally(() => {
          if (!controller.signal.aborted) setLoading(false);
        });
    }, SEARCH_DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [term, t, searchPath]);

  const options = results ?? [];
  const expanded = open && options.length > 0;

  useEffect(() => {
    if (expanded && active >= 0) document.getElementById(optionId(active))?.scrollIntoView({ block: 'nearest' });
    // optionId only depends on baseId, which never changes.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [expanded, active]);

  const choose = (suggestion: PlaceSuggestion) => {
    setText(suggestion.address);
    setOpen(false);
    setActive(-1);
    onSelect(suggestion);
  };

  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    switch (e.key) {
      case 'ArrowDown':
        if (!options.length) return;
        e.preventDefault();
        if (!expanded) {
          setOpen(true);
          setActive(e.altKey ? -1 : 0);
        } else setActive((i) => (i + 1) % options.length);
        break;
      case 'ArrowUp':
        if (!options.length) return;
        e.preventDefault();
        if (!expanded) {
          setOpen(true);
          setActive(options.length - 1);
        } else setActive((i) => (i <= 0 ? options.length - 1 : i - 1));
        break;
      case 'Enter': {
        const current = expanded && active >= 0 ? options[active] : undefined;
        if (current) {
          e.preventDefault();
          choose(current);
        }
        break;
      }
      case 'Escape':
        if (expanded) {
          e.preventDefault();
          setOpen(false);
          setActive(-1);
        } else if (text) {
          e.preventDefault();
          setText('');
          setTerm('');
        }
        break;
      default:
    }
  };

  const q = term.trim();
  let status: ReactNode = null;
  if (loading) status = <Trans>Searching…</Trans>;
  else if (!failure && results !== null && q.length >= MIN_QUERY && open) {
    status =
      results.length === 0 ? (
        <Trans>No address found in our delivery region. Check the spelling or try the street only.</Trans>
      ) : (
        <span className="visually-hidden">
          <Plural value={results.length} one="# suggestion. Use the arrow keys to choose it." other="# suggestions. Use the arrow keys to choose one." />
        </span>
      );
  }

  return (
    <div className="field combobox">
      <label htmlFor={inputId}>
        <Trans>Search for your street and house number</Trans>
      </label>
      <div className="combobox__box">
        <input
          id={inputId}
          type="text"
          role="combobox"
          aria-autocomplete="list"
          aria-expanded={expanded}
          aria-controls={listId}
          aria-activedescendant={expanded && active >= 0 ? optionId(active) : undefined}
          aria-describedby={[hintId, describedBy].filter(Boolean).join(' ')}
          aria-invalid={invalid ? true : undefined}
          autoComplete="off"
          autoCapitalize="off"
          spellCheck={false}
          enterKeyHint="search"
          placeholder={t`e.g. Osterstraße 12`}
          maxLength={200}
          value={text}
          onChange={(e) => {
            setText(e.target.value);
            setTerm(e.target.value);
            setOpen(true);
            setActive(-1);
          }}
          onKeyDown={onKeyDown}
          onBlur={() => {
            setOpen(false);
            setActive(-1);
          }}
          onFocus={() => {
            if (options.length) setOpen(true);
          }}
        />
        <ul id={listId} role="listbox" aria-label={t`Address suggestions`} className="combobox__listbox" hidden={!expanded}>
          {options.map((s, i) => (
            <li
              key={s.placeId}
              id={optionId(i)}
              role="option"
              aria-selected={i === active}
              className="combobox__option"
              // Keeps focus in the box, so the list stays a popup of it.
              onMouseDown={(e) => e.preventDefault()}
              onMouseMove={() => {
                if (i !== active) setActive(i);
              }}
              onClick={() => choose(s)}
            >
              {s.address}
            </li>
          ))}
        </ul>
      </div>
      <p id={hintId} className="field-hint">
        <Trans>Type at least 2 characters, then choose your address from the list.</Trans>
      </p>
      <p className="hint combobox__status" role="status">
        {status}
      </p>
      {failure ? (
        <p className="field-error" role="alert">
          {failure}
        </p>
      ) : null}
    </div>
  );
}
