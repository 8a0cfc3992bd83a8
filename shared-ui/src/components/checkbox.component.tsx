import type { ChangeEvent } from 'react';

export interface CheckboxProps {
  /** Unique on the page: the input's id. */
  id: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
  /** The accessible name; visible unless `hideLabel`. */
  label: string;
  hideLabel?: boolean;
  disabled?: boolean;
  title?: string;
  /** Id of an element that describes the choice further (read after its name). */
  describedBy?: string;
}

/**
 * A checkbox in SDS's markup (SDS's reset hides every native checkbox; its look lives on the label that
 * follows). Own component because SDS's Checkbox always shows its label and renders it as HTML.
 */
export function Checkbox(props: CheckboxProps) {
  const { id, checked, onChange, label, hideLabel, disabled, title, describedBy } = props;
  return (
    <span className="sds--checkbox-container ui-checkbox" title={title}>
      <input
        id={id}
        type="checkbox"
        checked={checked}
        disabled={disabled}
        aria-describedby={describedBy}
        onChange={(event: ChangeEvent<HTMLInputElement>) => onChange(event.target.checked)}
        onClick={(event) => event.stopPropagation()}
      />
      <label htmlFor={id} onClick={(event) => event.stopPropagation()}>
        <span className="sds--checkbox--visual" aria-hidden="true">
          <svg viewBox="0 0 14 12" width="14" height="12" focusable="false">
            <path d="M1 6.5 5 10 13 1" fill="none" stroke="currentColor" strokeWidth="2" />
          </svg>
        </span>
        <span className={hideLabel ? 'sds--visually-hidden' : 'checkbox--text'}>{label}</span>
      </label>
    </span>
  );
}
