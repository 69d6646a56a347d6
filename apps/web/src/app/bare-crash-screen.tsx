/** What the crash screen falls back to when its own code cannot be downloaded (most often the
 * very failure that crashed the page: a lost connection). Kept bare: it ships with the entry. */
export function BareCrashScreen() {
  return (
    <main className="crash-screen">
      <h1>Algo salió mal</h1>
      {/* A plain link to this very address reloads it, with no script of its own. */}
      <a className="btn btn--gold" href={window.location.href}>
        Recargar página
      </a>
    </main>
  );
}
