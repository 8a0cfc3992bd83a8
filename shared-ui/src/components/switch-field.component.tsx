import { useId, type ReactNode } from 'react';

export interface SwitchFieldProps {
  name: string;
  label: string;
  value: boolean;
  onChange: (value: boolean) => void;
  info?: ReactNode;
  disabled?: boolean;
}

/**
 * An on/off switch on SDS's switch look. Own component because SDS's Switch is a span that a keyboard
 * cannot reach; this is a button with role="switch", toggled by click, Space and Enter.
 */
export function SwitchField({ name, label, value, onChange, info, disabled }: SwitchFieldProps) {
  const id = `${useId()}-${name}`;
  return (
    <div className="ui-switch-field">
      <button
        id={id}
        type="button"
        role="switch"
        name={name}
        aria-checked={value}
        aria-describedby={info ? `${id}-info` : undefined}
        disabled={disabled}
        className={`sds--switch${value ? ' sds--switch--active' : ''}${disabled ? ' sds--switch--disabled' : ''}`}
        onClick={() => onChange(!value)}
      />
      <label htmlFor={id} className="ui-switch-label">
        {label}
      </label>
      {info && (
        <p id={`${id}-info`} className="sds--text--body--small ui-field-info">
          {info}
        </p>
      )}
    </div>
  );
}
