import { useId, type ReactNode } from 'react';
import { ToggleSwitch } from './toggle-switch';

type ManagementItemProps = {
  title: string;
  /** The sport's emoji and its name, for lists whose items have one. */
  icon?: { emoji: string; label: string };
  /** The details under the title. */
  children: ReactNode;
  /** The publish or active switch. */
  toggle: { label: string; checked: boolean; busy: boolean; onChange: (next: boolean) => void };
  /** Actions of this kind of item only, before Editar; given the title's id to describe them. */
  extraActions?: (titleId: string) => ReactNode;
  onEdit: () => void;
  /** Absent where the server would only refuse the delete (a tip in the track record). */
  onDelete?: () => void;
};

/** One row of an editor list: the item, its switch, Editar and (where it can succeed) Eliminar. Every action is
 * described by the item's title, so "Editar" is announced with what it edits. */
export function ManagementItem({
  title,
  icon,
  children,
  toggle,
  extraActions,
  onEdit,
  onDelete,
}: ManagementItemProps) {
  const titleId = useId();
  return (
    <li className={icon ? 'editor-item' : 'editor-item editor-item--no-icon'}>
      {icon ? (
        <span className="editor-item__icon" role="img" aria-label={icon.label}>
          {icon.emoji}
        </span>
      ) : null}
      <div className="editor-item__body">
        <h3 id={titleId} className="editor-item__title">
          {title}
        </h3>
        {children}
      </div>
      <div className="editor-item__actions">
        <ToggleSwitch
          label={toggle.label}
          checked={toggle.checked}
          disabled={toggle.busy}
          describedBy={titleId}
          onChange={toggle.onChange}
        />
        {extraActions?.(titleId)}
        <button
          type="button"
          className="btn btn--small btn--outline"
          aria-describedby={titleId}
          onClick={onEdit}
        >
          Editar
        </button>
        {onDelete ? (
          <button
            type="button"
            className="btn btn--small btn--danger-outline"
            aria-describedby={titleId}
            onClick={onDelete}
          >
            Eliminar
          </button>
        ) : null}
      </div>
    </li>
  );
}
