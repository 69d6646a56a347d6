import {
  VERIFICATION_HISTORY_DEFAULT_LIMIT,
  VERIFICATION_MSG,
} from '@magotips/contracts/verification';
import { useVerificationHistory } from '../api/get-verification-history';
import { verificationErrorDetail } from '../verification-error';
import { formatDateTime } from '../verification-format';
import { StatusBadge, TYPE_TITLES, VerificationRecord } from './verification-record';
import { EmptyState, ErrorState, LoadingState } from './verification-states';

/** The last 20 records (SPEC.md §9), newest first; each opens to every field. */
export function VerificationHistory() {
  const history = useVerificationHistory(VERIFICATION_HISTORY_DEFAULT_LIMIT);

  if (history.isPending) return <LoadingState text="Cargando historial..." />;
  if (history.isError) {
    return (
      <ErrorState
        title={VERIFICATION_MSG.historyError}
        detail={verificationErrorDetail(history.error)}
        onRetry={() => void history.refetch()}
      />
    );
  }
  const records = history.data.data;
  if (records.length === 0)
    return <EmptyState>Todavía no hay verificaciones guardadas.</EmptyState>;
  return (
    <ol
      className="verification-history"
      aria-label="Verificaciones, de la más reciente a la más antigua"
    >
      {records.map((record) => (
        <li key={record.verificationId} className="verification-history__item">
          <details className="verification-history__details">
            <summary className="verification-history__summary">
              <span className="verification-history__type">
                {TYPE_TITLES[record.verificationType]}
              </span>
              <StatusBadge status={record.status} />
              <span className="verification-history__meta">
                <time dateTime={record.verifiedAt}>{formatDateTime(record.verifiedAt)}</time>
                {' · '}
                {record.verifiedBy.username}
              </span>
            </summary>
            <VerificationRecord record={record} level={3} showTitle={false} />
          </details>
        </li>
      ))}
    </ol>
  );
}
