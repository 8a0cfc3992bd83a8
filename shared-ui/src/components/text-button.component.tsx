import type { MouseEvent } from 'react';

/**
 * A design-system button (its `sds--btn` classes and markup) whose label is plain text. The design
 * system's own Button takes its label as HTML and sanitises it with DOMPurify; shared-ui is
 * loaded whole by the shell's first page, so its buttons are this one and DOMPurify stays out of it.
 * Like the design system's, it stops the click there (a button inside a clickable row does not open it).
 */
export function TextButton({
  label,
  onClick,
  secondary = false,
  disabled = false,
}: {
  label: string;
  onClick: () => void;
  secondary?: boolean;
  disabled?: boolean;
}) {
  const handle = (event: MouseEvent<HTMLButtonElement>) => {
    event.preventDefault();
    event.stopPropagation();
    if (!disabled) onClick();
  };
  return (
    <button
      type="button"
      className={`sds--btn ${secondary ? 'sds--btn--secondary' : 'sds--btn--primary'}`}
      onClick={handle}
      disabled={disabled}
    >
      <span className="textual">{label}</span>
    </button>
  );
}
