/** The signed-in landing while its session, code or banner arrive: a screen tall, so the footer
 * waits below the fold instead of being drawn mid-screen and then pushed away (a layout shift
 * of most of the screen). */
export function LandingLoading() {
  return (
    <p className="page-loading page-loading--screen" role="status">
      Cargando...
    </p>
  );
}
