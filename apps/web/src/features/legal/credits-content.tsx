import type { LegalDocument } from './legal-document';

interface OpenSourceCredit {
  name: string;
  license: string;
  use: string;
}

// Licences read from the installed packages; a credits page that names software the product
// no longer ships misleads, so update this list when a dependency is added or removed.
const openSourceCredits: readonly OpenSourceCredit[] = [
  { name: 'React', license: 'MIT', use: 'la interfaz de usuario' },
  { name: 'React Router', license: 'MIT', use: 'la navegación entre páginas' },
  { name: 'TanStack Query', license: 'MIT', use: 'la carga de datos del servidor' },
  { name: 'React Hook Form', license: 'MIT', use: 'los formularios' },
  { name: 'Zod', license: 'MIT', use: 'la validación de datos, compartida por web y servidor' },
  { name: 'Vite', license: 'MIT', use: 'la compilación de la web' },
  { name: 'TypeScript', license: 'Apache 2.0', use: 'el lenguaje de todo el proyecto' },
  { name: 'Node.js', license: 'MIT', use: 'el entorno de ejecución del servidor' },
  { name: 'Fastify', license: 'MIT', use: 'el servidor de la API' },
  { name: 'PostgreSQL', license: 'PostgreSQL License', use: 'la base de datos' },
  { name: 'PGlite', license: 'Apache 2.0', use: 'PostgreSQL embebido para desarrollo' },
  { name: 'node-postgres', license: 'MIT', use: 'la conexión con PostgreSQL' },
  { name: 'Drizzle ORM', license: 'Apache 2.0', use: 'el acceso a la base de datos' },
  { name: 'Pino', license: 'MIT', use: 'los registros del servidor' },
  { name: '@node-rs/argon2', license: 'MIT', use: 'la protección de las contraseñas' },
  { name: 'Vitest', license: 'MIT', use: 'las pruebas automáticas' },
  { name: 'Testing Library', license: 'MIT', use: 'las pruebas de la interfaz' },
  { name: 'Playwright', license: 'Apache 2.0', use: 'las pruebas en navegador' },
];

export const creditsDocument: LegalDocument = {
  id: 'creditos',
  title: 'Créditos',
  numbered: false,
  intro: (
    <p>
      MagoTips empezó como una afición: analizar partidos y compartir pronósticos con amigos. Hoy es
      posible gracias a las personas que lo hacen cada día y al trabajo de la comunidad del software
      libre.
    </p>
  ),
  sections: [
    {
      heading: 'El equipo',
      body: (
        <ul>
          <li>
            <strong>Análisis:</strong> el equipo de analistas de MagoTips estudia cada partido, las
            estadísticas y el contexto de los equipos antes de publicar un tip.
          </li>
          <li>
            <strong>Edición:</strong> revisa los análisis, organiza los packs y publica el contenido
            gratuito y VIP.
          </li>
          <li>
            <strong>Desarrollo y soporte:</strong> construye y mantiene la plataforma y atiende a
            los usuarios a través del canal de soporte técnico.
          </li>
        </ul>
      ),
    },
    {
      heading: 'Software de código abierto',
      body: (
        <>
          <p>
            MagoTips está construido con estos proyectos de código abierto. Damos las gracias a sus
            autores y colaboradores:
          </p>
          <ul className="legal-credits">
            {openSourceCredits.map((credit) => (
              <li key={credit.name}>
                <strong>{credit.name}</strong> ({credit.license}): {credit.use}.
              </li>
            ))}
          </ul>
          <p>
            Los textos completos de cada licencia se distribuyen junto con el código de cada
            proyecto.
          </p>
        </>
      ),
    },
    {
      heading: 'Iconos, emojis y marcas',
      body: (
        <ul>
          <li>El logotipo del mago es un diseño propio de MagoTips.</li>
          <li>
            Los emojis que identifican cada deporte en los tips se muestran con la tipografía de
            emojis de tu dispositivo (por ejemplo Apple Color Emoji, Noto Color Emoji de Google o
            Segoe UI Emoji de Microsoft), por lo que su aspecto puede variar entre sistemas. Los
            emojis son un estándar de Unicode.
          </li>
          <li>
            Los iconos de las redes sociales y los nombres Stripe y Google son marcas de sus
            respectivos titulares; los usamos solo para identificar esos servicios, sin que ello
            implique patrocinio ni afiliación.
          </li>
        </ul>
      ),
    },
  ],
};
