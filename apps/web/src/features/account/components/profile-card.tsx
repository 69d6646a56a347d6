import { countryName, isCountryCode } from '@magotips/contracts/countries';
import { roleBadge } from '@magotips/contracts/roles';
import { zonePlace } from '@magotips/contracts/time-zone';
import { displayName, type TSessionUser } from '../../../lib/session/session-user';
import { formatBirthDate } from '../format';

const BADGE_CLASS: Record<string, string> = {
  Administrador: 'role-badge--admin',
  Editor: 'role-badge--editor',
};

export function ProfileCard({ user }: { user: TSessionUser }) {
  // Shown only with a role beyond the basic user one; admin wins over editor (SPEC.md §6).
  const badge = roleBadge(user.roles);
  return (
    <section className="account-card" aria-labelledby="profile-title">
      <div className="account-card__head">
        <h2 id="profile-title" className="account-card__title">
          Perfil
        </h2>
        {badge ? (
          <span className={`role-badge ${BADGE_CLASS[badge] ?? ''}`}>
            <span className="visually-hidden">Rol: </span>
            {badge}
          </span>
        ) : null}
      </div>
      <dl className="account-facts">
        <div>
          <dt>Nombre</dt>
          <dd>{displayName(user)}</dd>
        </div>
        <div>
          <dt>Email</dt>
          <dd>{user.email}</dd>
        </div>
        <div>
          <dt>Teléfono</dt>
          <dd>{user.phone || <span className="account-facts__empty">No indicado</span>}</dd>
        </div>
        <div>
          <dt>Fecha de nacimiento</dt>
          <dd>
            {formatBirthDate(user.dateOfBirth) ?? (
              <span className="account-facts__empty">No indicada</span>
            )}
          </dd>
        </div>
        {/* Changed in Preferencias below (decision 0114). */}
        {isCountryCode(user.country) ? (
          <div>
            <dt>País</dt>
            <dd>{countryName(user.country)}</dd>
          </div>
        ) : null}
        {user.timeZone ? (
          <div>
            <dt>Zona horaria</dt>
            <dd>{zonePlace(user.timeZone)}</dd>
          </div>
        ) : null}
      </dl>
    </section>
  );
}
