import {
  RESULT_LABELS,
  SETTLED_RESULTS,
  type SettledResult,
} from '@magotips/contracts/track-record';

type OutcomeButtonsProps = {
  /** The tip's title: every button names it, so a screen reader's list of buttons is usable. */
  title: string;
  busy: boolean;
  /** The current result, left out when changing one. */
  except?: SettledResult;
  onChoose: (result: SettledResult) => void;
};

/** One real button per outcome (Ganado, Perdido, Nulo, Medio ganado, Medio perdido). */
export function OutcomeButtons({ title, busy, except, onChoose }: OutcomeButtonsProps) {
  return (
    <div className="outcome-buttons" role="group" aria-label={`Resultado de «${title}»`}>
      {SETTLED_RESULTS.filter((result) => result !== except).map((result) => (
        <button
          key={result}
          type="button"
          className={`btn btn--small outcome-button outcome-button--${result}`}
          aria-label={`${RESULT_LABELS[result]}: ${title}`}
          disabled={busy}
          onClick={() => onChoose(result)}
        >
          {RESULT_LABELS[result]}
        </button>
      ))}
    </div>
  );
}
