/** The signed-in landing while its session, code or banner arrive: fixed mid-screen, out of the
 * flow, so nothing arriving above it shifts it; <main> keeps the footer below the fold. */
export function LandingLoading() {
  return (
    <p className="page-loading page-loading--screen" role="status">
      Cargando...
    </p>
  );
}
