import { HIT_RATE_FORMULA } from '@magotips/contracts/track-record';

/** How every figure is computed, one click away: a bettor checks the arithmetic before
 * trusting it (contracts/track-record.ts is where the server does the same sums). */
export function HowComputed() {
  return (
    <details className="tr-disclosure tr-how">
      <summary>Cómo se calcula</summary>
      <p>
        Beneficio = stake × (cuota − 1) si se gana y −stake si se pierde (la mitad en los medios
        ganados o perdidos; 0 en los nulos). Yield = beneficio / unidades apostadas, sin los nulos.{' '}
        {HIT_RATE_FORMULA} Yield a 1 u: el mismo cálculo con cada apuesta a stake 1. Máxima caída:
        la mayor bajada del beneficio acumulado, con las apuestas ordenadas por inicio del partido.
        CLV: cuánto mejor fue la cuota publicada que la de cierre, de media, en las apuestas con
        cuota de cierre anotada. Los tips publicados tras el inicio del partido nunca cuentan.
      </p>
    </details>
  );
}
