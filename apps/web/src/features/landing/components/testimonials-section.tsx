// Anonymous on purpose (SPEC.md §1): no names or photos of real people.
const TESTIMONIALS = [
  'Por fin alguien que explica el porqué de cada pronóstico. He aprendido a leer los partidos con otros ojos.',
  'Los avisos por Telegram llegan con tiempo de sobra y los análisis de béisbol son de lo mejor que he leído.',
  'Me gusta que no prometan milagros: análisis serios y el recordatorio constante de jugar con cabeza.',
] as const;

export function TestimonialsSection() {
  return (
    <section className="landing-section container" aria-labelledby="testimonials-title">
      <h2 id="testimonials-title" className="section-title">
        Lo que dice nuestra comunidad
      </h2>
      <ul className="testimonials">
        {TESTIMONIALS.map((quote) => (
          <li key={quote}>
            <figure className="testimonial">
              <blockquote className="testimonial__quote">
                <p>{quote}</p>
              </blockquote>
              <figcaption className="testimonial__author">— Usuario verificado</figcaption>
            </figure>
          </li>
        ))}
      </ul>
    </section>
  );
}
