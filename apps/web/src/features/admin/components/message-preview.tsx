import {
  MESSAGE_TYPE_COLORS,
  MESSAGE_TYPE_LABELS,
  type MessageType,
} from '@magotips/contracts/global-message-types';
import { useId, type CSSProperties } from 'react';

/** A message's colours, as the banner draws them (set through the DOM, which the CSP allows). */
export function previewStyle(type: MessageType): CSSProperties {
  const c = MESSAGE_TYPE_COLORS[type];
  return { background: c.background, color: c.text, borderColor: c.border };
}

const ICONS: Record<MessageType, string> = { info: 'ℹ️', warn: '⚠️', critical: '⛔' };

/** The banner as it will read (decision 0087), redrawn as the admin types: its colour, icon
 * and type, and the text as it will be saved (trimmed). */
export function MessagePreview({ text, type }: { text: string; type: MessageType }) {
  const shown = text.trim();
  const labelId = useId();
  return (
    <div className="admin-field" role="group" aria-labelledby={labelId}>
      <p id={labelId} className="admin-field__label">
        Vista previa
      </p>
      <p className="admin-message__preview" style={previewStyle(type)}>
        <span aria-hidden="true">{ICONS[type]} </span>
        <span className="visually-hidden">{MESSAGE_TYPE_LABELS[type]}: </span>
        {shown === '' ? 'Escribe el texto para verlo aquí.' : shown}
      </p>
    </div>
  );
}
