export function VideosSection() {
  return (
    <section className="landing-section container" aria-labelledby="videos-title">
      <h2 id="videos-title" className="section-title">
        Vídeos
      </h2>
      <div className="videos-soon">
        <span className="videos-soon__play" aria-hidden="true" />
        <p className="videos-soon__title">Muy pronto: vídeos de MagoTips</p>
        <p className="videos-soon__text">
          Estamos preparando vídeos con previas y repasos de los partidos. Mientras tanto, síguenos
          en TikTok y Twitch para no perderte nada.
        </p>
      </div>
    </section>
  );
}
