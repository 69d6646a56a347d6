import { ROLE_LABELS, type RoleName } from '@magotips/contracts/roles';
import { useId } from 'react';
import { Link } from 'react-router';
import { useSession } from '../../lib/session/session-context';
import './access-denied.css';

type AccessDeniedProps = {
  /** e.g. 'No tienes permisos para acceder a esta sección. Se requiere rol de administrador.' */
  message: string;
  /** The role the section needs; several when all are needed (plans: editor and admin). */
  requiredRole: RoleName | readonly RoleName[];
  /** 1 when it stands for the whole page, 2 inside a page that has its own title. */
  headingLevel?: 1 | 2;
};

function roleLabel(name: string): string {
  return name in ROLE_LABELS ? ROLE_LABELS[name as RoleName] : name;
}

/** What a panel section shows to someone without its role (SPEC.md §6): the server refuses the
 * calls anyway; this tells the user why and what they have. */
export function AccessDenied({ message, requiredRole, headingLevel = 1 }: AccessDeniedProps) {
  const { user } = useSession();
  const titleId = useId();
  const Heading = headingLevel === 1 ? 'h1' : 'h2';
  const required = (Array.isArray(requiredRole) ? requiredRole : [requiredRole]) as RoleName[];
  const current = user?.roles.map((role) => roleLabel(role.name)) ?? [];
  return (
    <section className="access-denied" aria-labelledby={titleId}>
      <span className="access-denied__icon" aria-hidden="true">
        🔒
      </span>
      <Heading id={titleId} className="access-denied__title">
        Acceso Denegado
      </Heading>
      <p className="access-denied__message">{message}</p>
      <dl className="access-denied__roles">
        <div>
          <dt>Tus roles actuales</dt>
          <dd>{current.length > 0 ? current.join(', ') : 'Ninguno'}</dd>
        </div>
        <div>
          <dt>{required.length > 1 ? 'Roles requeridos' : 'Rol requerido'}</dt>
          <dd>{required.map(roleLabel).join(' y ')}</dd>
        </div>
      </dl>
      <Link className="btn btn--outline" to="/panel/cuenta">
        Volver a Mi Cuenta
      </Link>
    </section>
  );
}
