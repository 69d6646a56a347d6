import { Link } from 'react-router';
import { useSession } from '../lib/session/session-context';
import './not-found-page.css';

export default function NotFoundPage() {
  const { isAuthenticated } = useSession();
  return (
    <section className="not-found container" aria-labelledby="not-found-title">
      <title>Página no encontrada · MagoTips</title>
      <p className="not-found__code" aria-hidden="true">
        404
      </p>
      <h1 id="not-found-title">Página no encontrada</h1>
      <p className="not-found__text">
        La página que buscas no existe o ha cambiado de sitio. Ni con una bola de cristal la hemos
        encontrado.
      </p>
      <div className="not-found__actions">
        <Link className="btn btn--gold" to="/">
          Ir al inicio
        </Link>
        {isAuthenticated ? (
          <Link className="btn btn--outline" to="/panel">
            Ir al panel
          </Link>
        ) : (
          <Link className="btn btn--outline" to="/login">
            Iniciar sesión
          </Link>
        )}
      </div>
    </section>
  );
}
