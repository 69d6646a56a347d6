const FAQ = [
  {
    question: '¿Los tips garantizan que voy a ganar?',
    answer:
      'No. Cada tip es un análisis y una opinión, no una garantía de resultado. Apuesta solo lo que puedas permitirte perder y juega con responsabilidad. El servicio es exclusivo para mayores de 21 años.',
  },
  {
    question: '¿Cómo accedo a los tips VIP?',
    answer:
      'Crea tu cuenta y elige una suscripción mensual, que se renueva automáticamente y puedes cancelar desde tu panel, o compra un pack de tips VIP con pago seguro con tarjeta.',
  },
] as const;

export function FaqSection() {
  return (
    <section className="landing-section container" aria-labelledby="faq-title">
      <h2 id="faq-title" className="section-title">
        Preguntas frecuentes
      </h2>
      <div className="faq">
        {FAQ.map((item) => (
          <details key={item.question} className="faq__item">
            <summary className="faq__question">{item.question}</summary>
            <p className="faq__answer">{item.answer}</p>
          </details>
        ))}
      </div>
    </section>
  );
}
