const BENEFITS = [
  {
    icon: '🔮',
    title: 'Análisis con fundamento',
    text: 'Estadísticas, forma reciente, bajas y contexto de cada partido, explicados sin humo.',
  },
  {
    icon: '⚡',
    title: 'A tiempo para el partido',
    text: 'Publicamos los tips antes del inicio y avisamos por Telegram en cuanto salen.',
  },
  {
    icon: '🏆',
    title: '13 deportes',
    text: 'Fútbol, béisbol, baloncesto, tenis, MMA, eSports y mucho más en un solo lugar.',
  },
  {
    icon: '💎',
    title: 'VIP a tu medida',
    text: 'Suscripción mensual cancelable desde tu panel o packs sueltos de tips VIP.',
  },
] as const;

export function BenefitsSection() {
  return (
    <section className="landing-section container" aria-labelledby="benefits-title">
      <h2 id="benefits-title" className="section-title">
        ¿Por qué MagoTips?
      </h2>
      <ul className="benefits">
        {BENEFITS.map((benefit) => (
          <li key={benefit.title} className="benefit">
            <span className="benefit__icon" aria-hidden="true">
              {benefit.icon}
            </span>
            <h3 className="benefit__title">{benefit.title}</h3>
            <p className="benefit__text">{benefit.text}</p>
          </li>
        ))}
      </ul>
    </section>
  );
}
