import { withNext } from '@magotips/contracts/next-path';
import { useId, type ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { ApiError } from '../../lib/api-error';
import { useSession } from '../../lib/session/session-context';
import { useTip } from '../../components/tips/get-tip';
import { TipDetail } from '../../components/tips/tip-detail';
import { TipRevisions } from '../../components/tips/tip-revisions';
import { LockedTip } from './components/locked-tip';
import './tip-page.css';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const TIP_NOT_FOUND = 'Tip no encontrado';

/** /tip/{id}: one analysis, opened in a new tab by a card's external action (SPEC.md §2). */
export default function TipPage() {
  const { id = '' } = useParams();
  const { user } = useSession();
  const titleId = useId();
  // A malformed id cannot name a tip; asking the server would only earn a validation error.
  const wellFormed = UUID.test(id);
  const { status, data, error, refetch } = useTip(id, user?._id ?? null, wellFormed);

  if (!wellFormed || (error instanceof ApiError && error.status === 404)) {
    return (
      <TipPageFrame titleId={titleId}>
        <title>{`${TIP_NOT_FOUND} · MagoTips`}</title>
        <h1 id={titleId} className="tip-page__state-title">
          {TIP_NOT_FOUND}
        </h1>
        <p>El análisis que buscas no existe o ya no está publicado.</p>
        <Link className="btn btn--gold" to="/">
          Ir al inicio
        </Link>
      </TipPageFrame>
    );
  }

  if (status === 'pending') {
    return (
      <p className="page-loading" role="status">
        Cargando análisis...
      </p>
    );
  }

  if (status === 'error') {
    // A 401 without the card (a session the server no longer knows): the same invitation.
    if (error instanceof ApiError && error.status === 401) {
      return (
        <TipPageFrame titleId={titleId}>
          <title>Inicia sesión · MagoTips</title>
          <h1 id={titleId} className="tip-page__state-title">
            Inicia sesión para leer este análisis
          </h1>
          <SignInToRead tipId={id} />
        </TipPageFrame>
      );
    }
    return (
      <TipPageFrame titleId={titleId}>
        <title>Error · MagoTips</title>
        <h1 id={titleId} className="tip-page__state-title">
          No pudimos cargar el análisis
        </h1>
        <div role="alert">
          <p>{error.message}</p>
          <button type="button" className="btn btn--outline" onClick={() => void refetch()}>
            Reintentar
          </button>
        </div>
      </TipPageFrame>
    );
  }

  return (
    <TipPageFrame titleId={titleId}>
      <title>{`${data.tip.title || 'Análisis'} · MagoTips`}</title>
      <TipDetail
        tip={data.tip}
        titleId={titleId}
        headingLevel={1}
        history={<TipRevisions revisions={data.revisions} />}
      >
        {data.kind === 'locked' ? (
          <LockedTip
            tipId={id}
            message={data.message}
            packs={data.packs}
            viewerId={user?._id ?? null}
          />
        ) : data.kind === 'sign-in' ? (
          <SignInToRead tipId={id} />
        ) : undefined}
      </TipDetail>
    </TipPageFrame>
  );
}

/** A visitor on a free tip: the card and its history stay in view (a reader who followed
 * /historial here can check them); the analysis is for registered readers (decision 0089). */
function SignInToRead({ tipId }: { tipId: string }) {
  return (
    <div className="tip-locked">
      <p className="tip-locked__badge">Análisis gratuito para usuarios registrados</p>
      <p className="tip-locked__message">
        Inicia sesión para leer este análisis. Entra con tu cuenta o crea una gratis.
      </p>
      <div className="tip-page__actions">
        {/* Both come back to this analysis once signed in (issue 13, item 1). */}
        <Link className="btn btn--gold" to={withNext('/login', `/tip/${tipId}`)}>
          Iniciar sesión
        </Link>
        <Link className="btn btn--outline" to={withNext('/register', `/tip/${tipId}`)}>
          Crear cuenta
        </Link>
      </div>
    </div>
  );
}

function TipPageFrame({ titleId, children }: { titleId: string; children: ReactNode }) {
  return (
    <div className="tip-page container">
      <article className="tip-page__card" aria-labelledby={titleId}>
        {children}
      </article>
      <p className="tip-page__back">
        <Link to="/">← Volver al inicio</Link>
      </p>
    </div>
  );
}
