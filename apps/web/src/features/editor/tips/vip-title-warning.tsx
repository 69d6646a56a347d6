import { MSG } from '@magotips/contracts/messages';
import { titleGivesPickAway } from '@magotips/contracts/vip-title';

type WarningInput = {
  category: string;
  title: string;
  /** The pick as typed; empty for "Análisis sin apuesta". */
  pick: string;
  /** The title's error after a submit: the same words are then shown as the error instead. */
  error: string | undefined;
};

/** The warning of a VIP title that names its pick (the proof issue, item 4), by the rule the API
 * applies (titleGivesPickAway), while the editor types: before the submit refuses it. */
export function vipTitleWarning({ category, title, pick, error }: WarningInput): string | null {
  if (error || category !== 'premium') return null;
  return titleGivesPickAway(title, pick.trim()) ? MSG.vipTitleHasPick : null;
}

/** A polite live region that is always there, so a screen reader hears the warning appear. */
export function TitleWarning({ id, message }: { id: string; message: string | null }) {
  return (
    <p id={id} className="field-warning" role="status">
      {message ? (
        <>
          <span aria-hidden="true">⚠ </span>
          {message}
        </>
      ) : null}
    </p>
  );
}
