/** How every figure is computed, one click away: a bettor checks the arithmetic before
 * trusting it (contracts/track-record.ts is where the server does the same sums). */
export function HowComputed() {
  return (
    <details className="tr-disclosure tr-how">
      <summary>Cómo se calcula</summary>
      <p>
        Beneficio = stake × (cuota − 1) si se gana y −stake si se pierde (la mitad en los medios
        ganados o perdidos; 0 en los nulos). Yield = beneficio / unidades apostadas. Acierto =
        ganados / decididos (los medios cuentan la mitad). Los tips publicados tras el inicio del
        partido nunca cuentan.
      </p>
    </details>
  );
}
