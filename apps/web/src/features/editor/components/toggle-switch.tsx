type ToggleSwitchProps = {
  label: string;
  checked: boolean;
  disabled?: boolean;
  /** The id of the item's name, so "Publicado" is announced with the tip it belongs to. */
  describedBy?: string;
  onChange: (next: boolean) => void;
};

/** The publish and active toggles of the editor lists: a button acting as a switch. */
export function ToggleSwitch({
  label,
  checked,
  disabled,
  describedBy,
  onChange,
}: ToggleSwitchProps) {
  return (
    <button
      type="button"
      role="switch"
      aria-checked={checked}
      aria-describedby={describedBy}
      disabled={disabled}
      className="toggle-switch"
      onClick={() => onChange(!checked)}
    >
      <span className="toggle-switch__track" aria-hidden="true">
        <span className="toggle-switch__thumb" />
      </span>
      <span className="toggle-switch__label">{label}</span>
    </button>
  );
}
