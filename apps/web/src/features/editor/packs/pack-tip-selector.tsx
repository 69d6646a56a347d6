import { isTipExpired } from '@magotips/contracts/match-status';
import { ANALYSIS_SNIPPET_CHARS, PACK_PREVIEW_TIPS } from '@magotips/contracts/packs';
import { findSport, sportEmoji } from '@magotips/contracts/sports';
import { useId } from 'react';
import { formatMatchDate } from '../../../lib/format-date';
import { useReaderTimeZone } from '../../../lib/reader-zone';
import { usePremiumTips } from '../api/get-premium-tips';
import { ErrorPanel, LoadingState } from '../../../components/ui/list-states';

/** SPEC.md §5: each tip's analysis, cut to 100 characters in the selector. */
export function truncateAnalysis(text: string, max = ANALYSIS_SNIPPET_CHARS): string {
  const clean = text.replace(/\s+/g, ' ').trim();
  return clean.length > max ? `${clean.slice(0, max)}...` : clean;
}

export type SelectorTip = { _id: string; title: string };

type PackTipSelectorProps = {
  value: readonly string[];
  onChange: (ids: string[]) => void;
  /** Tips already in the pack being edited: named in the preview even before the list loads. */
  knownTips: readonly SelectorTip[];
  errorId: string;
  error: string | undefined;
  /** Judges 'Vencido'; a parameter so tests can fix the moment. */
  now?: Date;
};

/** The pack form's VIP tip picker: every premium tip, expired ones flagged, a short preview. */
export function PackTipSelector({
  value,
  onChange,
  knownTips,
  errorId,
  error,
  now = new Date(),
}: PackTipSelectorProps) {
  const timeZone = useReaderTimeZone();
  const tips = usePremiumTips();
  const legendId = useId();
  const selected = new Set(value);
  const titles = new Map<string, string>(knownTips.map((tip) => [tip._id, tip.title]));
  for (const tip of tips.data ?? []) titles.set(tip._id, tip.title);

  function toggle(id: string, checked: boolean) {
    onChange(checked ? [...value, id] : value.filter((existing) => existing !== id));
  }

  const previewTitles = value.map((id) => titles.get(id) ?? 'Tip');
  const shown = previewTitles.slice(0, PACK_PREVIEW_TIPS);
  const more = previewTitles.length - shown.length;

  return (
    <fieldset
      className="editor-fieldset tip-selector"
      aria-invalid={Boolean(error)}
      aria-describedby={error ? errorId : undefined}
    >
      <legend id={legendId} className="editor-label">
        Tips VIP del pack
      </legend>

      <div className="tip-selector__preview" aria-live="polite">
        <p className="tip-selector__count">
          {value.length === 0
            ? 'Ningún tip seleccionado'
            : value.length === 1
              ? '1 tip seleccionado'
              : `${value.length} tips seleccionados`}
        </p>
        {shown.length > 0 ? (
          <ul className="tip-selector__chips">
            {shown.map((title, index) => (
              <li key={`${value[index]}`} className="tip-selector__chip">
                {title}
              </li>
            ))}
            {more > 0 ? (
              <li className="tip-selector__chip tip-selector__chip--more">+{more} más</li>
            ) : null}
          </ul>
        ) : null}
      </div>
      {error ? (
        <p id={errorId} className="field-error">
          {error}
        </p>
      ) : null}

      {tips.status === 'pending' ? (
        <LoadingState text="Cargando tips VIP..." />
      ) : tips.status === 'error' ? (
        <ErrorPanel title={`Error: ${tips.error.message}`} onRetry={() => void tips.refetch()} />
      ) : tips.data.length === 0 ? (
        <p className="ui-state">
          No hay tips VIP. Crea primero un tip con la categoría VIP (premium).
        </p>
      ) : (
        <ul className="tip-selector__list">
          {tips.data.map((tip) => {
            const expired = isTipExpired(new Date(tip.matchDate), now);
            return (
              <li key={tip._id}>
                <label className={`tip-option${expired ? ' tip-option--expired' : ''}`}>
                  <input
                    type="checkbox"
                    className="tip-option__check"
                    checked={selected.has(tip._id)}
                    onChange={(event) => toggle(tip._id, event.target.checked)}
                  />
                  <span className="tip-option__body">
                    <span className="tip-option__head">
                      <span
                        className="tip-option__sport"
                        role="img"
                        aria-label={findSport(tip.icon)?.label ?? 'Deporte'}
                      >
                        {sportEmoji(tip.icon)}
                      </span>
                      <span className="tip-option__title">{tip.title}</span>
                      {expired ? <span className="tag tag--expired">Vencido</span> : null}
                    </span>
                    <span className="tip-option__date">
                      {formatMatchDate(tip.matchDate, timeZone)}
                    </span>
                    <span className="tip-option__snippet">{truncateAnalysis(tip.analisis)}</span>
                  </span>
                </label>
              </li>
            );
          })}
        </ul>
      )}
    </fieldset>
  );
}
