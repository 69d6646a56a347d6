import { Link } from 'react-router';
import { HelpResourceList } from '../../components/ui/help-resource-list';
import type { LegalDocument } from './legal-document';

export const disclaimerDocument: LegalDocument = {
  id: 'disclaimer',
  title: 'Aviso Legal',
  numbered: true,
  intro: (
    <p>
      Este aviso describe la naturaleza del contenido de MagoTips y los riesgos de las apuestas
      deportivas. Te lo mostramos al entrar en el sitio y debes aceptarlo antes de continuar.
    </p>
  ),
  sections: [
    {
      heading: 'Solo para mayores de 21 años',
      body: (
        <p>
          MagoTips está dirigido exclusivamente a personas de <strong>21 años o más</strong>. Si no
          tienes esa edad, o la mayoría de edad legal para apostar en tu país es superior y no la
          alcanzas, no debes usar este sitio.
        </p>
      ),
    },
    {
      heading: 'Nuestros tips son opiniones, no garantías',
      body: (
        <>
          <p>
            Los tips publicados en MagoTips son análisis y opiniones de nuestro equipo sobre eventos
            deportivos, con fines informativos y de entretenimiento.{' '}
            <strong>Ningún tip garantiza ganancias.</strong> El resultado de un evento deportivo es
            incierto por naturaleza, y los aciertos pasados no aseguran aciertos futuros.
          </p>
          <p>
            Nuestro contenido no constituye asesoramiento financiero ni una invitación a apostar. La
            decisión de apostar, el importe y el operador elegido son responsabilidad exclusiva
            tuya.
          </p>
        </>
      ),
    },
    {
      heading: 'No aceptamos apuestas',
      body: (
        <p>
          MagoTips no es una casa de apuestas ni un operador de juego: no aceptamos apuestas, no
          recibimos depósitos ni pagamos premios, y no intermediamos entre tú y ningún operador. Lo
          único que vendemos es acceso a nuestros análisis. Si decides apostar, hazlo solo con
          operadores autorizados en tu país y asegúrate de que apostar es legal donde vives.
        </p>
      ),
    },
    {
      heading: 'Juego responsable',
      body: (
        <>
          <p>Las apuestas deben ser un entretenimiento, nunca una fuente de ingresos:</p>
          <ul>
            <li>
              Fija de antemano un límite de dinero y de tiempo, y respétalo. La mayoría de los
              operadores permiten configurar límites de depósito, de pérdidas y de sesión.
            </li>
            <li>
              <strong>Nunca apuestes dinero que no puedas permitirte perder</strong>, ni dinero
              destinado a gastos básicos como la vivienda, la comida o las deudas.
            </li>
            <li>No intentes recuperar lo perdido apostando más.</li>
            <li>
              No apuestes bajo los efectos del alcohol o de otras sustancias, ni para evadirte.
            </li>
            <li>Haz pausas y dedica tiempo a otras actividades.</li>
          </ul>
          <p>
            Pide ayuda si apostar te genera ansiedad, si ocultas a tu entorno cuánto apuestas, si
            pides dinero prestado para apostar o si sientes que no puedes parar.
          </p>
          <p>Dónde pedir ayuda, según tu país:</p>
          <HelpResourceList />
        </>
      ),
    },
    {
      heading: 'Dónde encontrar ayuda',
      body: (
        <ul>
          <li>
            <strong>Jugadores Anónimos</strong>: grupos de apoyo mutuo, gratuitos y confidenciales,
            presentes en muchos países de habla hispana.
          </li>
          <li>
            <strong>Autoexclusión</strong>: puedes inscribirte en el registro de autoexclusión de
            juego de tu país, si existe, y solicitar la autoexclusión en cada operador en el que
            tengas cuenta para que te impidan apostar durante el periodo que elijas.
          </li>
          <li>
            <strong>Servicios de salud</strong>: tu médico o los servicios públicos de salud mental
            pueden orientarte hacia un tratamiento especializado en adicción al juego.
          </li>
        </ul>
      ),
    },
    {
      heading: 'Limitación de responsabilidad',
      body: (
        <p>
          MagoTips no se responsabiliza de las pérdidas, directas o indirectas, derivadas de
          apuestas realizadas a partir de su contenido, ni de la actuación de los operadores de
          juego o de los sitios de terceros enlazados desde esta web, como nuestras redes sociales.
          Las condiciones completas del servicio están en los{' '}
          <Link to="/docs#terminos">Términos y Condiciones</Link>.
        </p>
      ),
    },
    {
      heading: 'Propiedad intelectual',
      body: (
        <p>
          La marca MagoTips, su logotipo de mago y los análisis publicados pertenecen a MagoTips.
          Las marcas de terceros que se mencionan en el sitio pertenecen a sus respectivos titulares
          y se citan solo con fines identificativos.
        </p>
      ),
    },
  ],
};
