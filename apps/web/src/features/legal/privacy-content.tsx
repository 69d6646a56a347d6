import { Link } from 'react-router';
import { LEGAL_CONTACT_EMAIL, type LegalDocument } from './legal-document';

const contactLink = <a href={`mailto:${LEGAL_CONTACT_EMAIL}`}>{LEGAL_CONTACT_EMAIL}</a>;

export const privacyDocument: LegalDocument = {
  id: 'privacidad',
  title: 'Política de Privacidad',
  numbered: true,
  intro: (
    <p>
      En MagoTips nos tomamos en serio tu privacidad. Esta política explica qué datos personales
      tratamos cuando visitas nuestro sitio web, te registras y utilizas nuestros servicios de
      análisis deportivos (tips gratuitos, packs de tips VIP y suscripción), para qué los usamos,
      con quién los compartimos, durante cuánto tiempo los conservamos y cómo puedes ejercer tus
      derechos.
    </p>
  ),
  sections: [
    {
      heading: 'Responsable del tratamiento',
      body: (
        <p>
          El responsable del tratamiento de tus datos personales es MagoTips («MagoTips»,
          «nosotros»). Para cualquier cuestión relacionada con esta política o con tus datos
          personales puedes escribirnos a {contactLink}.
        </p>
      ),
    },
    {
      heading: 'Datos que recogemos',
      body: (
        <>
          <p>Tratamos únicamente los datos necesarios para prestarte el servicio:</p>
          <ul>
            <li>
              <strong>Datos de registro:</strong> nombre, apellidos, dirección de correo
              electrónico, fecha de nacimiento y contraseña. La contraseña se guarda solo como un
              resumen criptográfico irreversible (hash); nadie, tampoco nuestro equipo, puede
              leerla.
            </li>
            <li>
              <strong>Teléfono:</strong> es opcional y solo lo tratamos si decides facilitarlo.
            </li>
            <li>
              <strong>Inicio de sesión con Google:</strong> si eliges esta opción, Google nos
              comunica, con tu autorización, tu nombre, apellidos, correo electrónico, un
              identificador de cuenta y tu fecha de nacimiento. Nunca recibimos tu contraseña de
              Google.
            </li>
            <li>
              <strong>Historial de compras:</strong> packs adquiridos, suscripciones contratadas,
              importes, moneda, fechas, estado de cada pago y los identificadores de transacción y
              de cliente que nos facilita Stripe. No recibimos ni almacenamos el número de tu
              tarjeta, su fecha de caducidad ni su código de seguridad.
            </li>
            <li>
              <strong>Datos de la cuenta:</strong> fecha de alta, verificación del correo
              electrónico, rol de la cuenta y estado y fechas de tu suscripción.
            </li>
            <li>
              <strong>Registros técnicos:</strong> dirección IP, tipo de navegador y dispositivo,
              fecha y hora de cada solicitud, la función utilizada y los errores que se produzcan.
            </li>
          </ul>
          <p>
            No tratamos categorías especiales de datos (por ejemplo, datos de salud) y te pedimos
            que no nos las facilites.
          </p>
        </>
      ),
    },
    {
      heading: 'Finalidades y bases legales',
      body: (
        <>
          <ul>
            <li>
              <strong>Crear y gestionar tu cuenta y prestarte el servicio</strong> (acceso a tips
              gratuitos, a los tips VIP de los packs que compres y a la suscripción).{' '}
              <em>Base legal:</em> la ejecución del contrato que aceptas con los{' '}
              <Link to="/docs#terminos">Términos y Condiciones</Link>.
            </li>
            <li>
              <strong>Comprobar que tienes 21 años o más</strong> a partir de la fecha de nacimiento
              indicada en el registro o facilitada por Google. <em>Base legal:</em> el cumplimiento
              de las obligaciones legales de protección de menores y nuestro interés legítimo en no
              ofrecer contenido sobre apuestas a menores de edad.
            </li>
            <li>
              <strong>
                Cobrar tus compras, gestionar la renovación mensual de la suscripción y llevar la
                contabilidad.
              </strong>{' '}
              <em>Base legal:</em> la ejecución del contrato y el cumplimiento de las obligaciones
              fiscales y contables.
            </li>
            <li>
              <strong>Enviarte correos del servicio:</strong> verificación de tu dirección,
              recuperación de contraseña, confirmaciones de pago y avisos sobre tu suscripción. No
              son comunicaciones publicitarias. <em>Base legal:</em> la ejecución del contrato.
            </li>
            <li>
              <strong>Proteger el servicio:</strong> prevenir el fraude, los accesos no autorizados
              y la redistribución del contenido VIP, y resolver incidencias técnicas.{' '}
              <em>Base legal:</em> nuestro interés legítimo en mantener un servicio seguro.
            </li>
            <li>
              <strong>Atender tus consultas y solicitudes de derechos.</strong> <em>Base legal:</em>{' '}
              el cumplimiento de obligaciones legales.
            </li>
          </ul>
          <p>
            No vendemos tus datos ni los cedemos a terceros con fines publicitarios. La única
            decisión automatizada que tomamos es la comprobación de la edad mínima en el registro:
            si la fecha de nacimiento indica que tienes menos de 21 años, la cuenta no se crea. Si
            crees que se trata de un error, escríbenos a {contactLink}.
          </p>
        </>
      ),
    },
    {
      heading: 'Conservación de los datos',
      body: (
        <ul>
          <li>Conservamos los datos de tu cuenta mientras la mantengas activa.</li>
          <li>
            Cuando eliminas tu cuenta borramos tus datos personales: nombre, apellidos, correo
            electrónico, teléfono, fecha de nacimiento y contraseña.
          </li>
          <li>
            Los registros de pagos se conservan anonimizados, desvinculados de tu identidad, durante
            el plazo que exija la normativa fiscal y contable, porque la ley nos obliga a justificar
            cada ingreso.
          </li>
          <li>
            Los registros técnicos se conservan durante un periodo limitado, no superior a 90 días,
            salvo que sean necesarios para investigar un incidente de seguridad concreto.
          </li>
        </ul>
      ),
    },
    {
      heading: 'Encargados del tratamiento y destinatarios',
      body: (
        <>
          <p>
            Para prestar el servicio contamos con proveedores que tratan datos por cuenta nuestra,
            siguiendo nuestras instrucciones y con las medidas de seguridad adecuadas:
          </p>
          <ul>
            <li>
              <strong>Stripe</strong>, para el cobro con tarjeta. Introduces los datos de tu tarjeta
              directamente en la página de pago segura de Stripe. Para la prevención del fraude y
              sus obligaciones como entidad de pagos, Stripe actúa además como responsable
              independiente conforme a su propia política de privacidad.
            </li>
            <li>
              <strong>Google</strong>, solo si eliges iniciar sesión con tu cuenta de Google.
            </li>
            <li>
              <strong>Nuestro proveedor de correo electrónico</strong>, para enviarte los correos
              del servicio.
            </li>
            <li>
              <strong>Nuestro proveedor de alojamiento</strong>, en cuyos servidores funcionan la
              aplicación y la base de datos.
            </li>
          </ul>
          <p>
            Solo comunicaremos datos a autoridades públicas cuando una norma nos obligue a ello.
          </p>
        </>
      ),
    },
    {
      heading: 'Transferencias internacionales',
      body: (
        <p>
          Algunos de estos proveedores, como Stripe y Google, pueden tratar datos fuera de tu país,
          por ejemplo en Estados Unidos. En esos casos la transferencia se ampara en las garantías
          que exige la normativa de protección de datos, como las cláusulas contractuales tipo.
        </p>
      ),
    },
    {
      heading: 'Tus derechos',
      body: (
        <>
          <p>Puedes ejercer en cualquier momento, y sin coste, los siguientes derechos:</p>
          <ul>
            <li>
              <strong>Acceso:</strong> saber qué datos tuyos tratamos y obtener una copia.
            </li>
            <li>
              <strong>Rectificación:</strong> corregir datos inexactos o incompletos.
            </li>
            <li>
              <strong>Supresión:</strong> puedes eliminar tu cuenta desde{' '}
              <Link to="/panel/cuenta">Panel › Mi Cuenta</Link>; al hacerlo se borran tus datos
              personales, con las salvedades contables descritas en «Conservación de los datos».
            </li>
            <li>
              <strong>Oposición:</strong> oponerte a los tratamientos basados en nuestro interés
              legítimo.
            </li>
            <li>
              <strong>Portabilidad:</strong> recibir los datos que nos facilitaste en un formato
              estructurado y de uso común.
            </li>
            <li>
              <strong>Limitación:</strong> pedir que suspendamos el tratamiento mientras se resuelve
              una reclamación.
            </li>
          </ul>
          <p>
            Para ejercerlos escríbenos a {contactLink} desde la dirección asociada a tu cuenta.
            Responderemos en un plazo máximo de un mes y podremos pedirte que acredites tu identidad
            para proteger tus datos. Si consideras que no hemos atendido correctamente tu solicitud,
            puedes presentar una reclamación ante la autoridad de protección de datos de tu país.
          </p>
        </>
      ),
    },
    {
      heading: 'Cookies y almacenamiento local',
      body: (
        <>
          <p>
            Usamos el almacenamiento local de tu navegador y una cookie propia para funciones
            estrictamente necesarias, que no requieren consentimiento:
          </p>
          <ul>
            <li>
              <strong>Token de sesión:</strong> mantiene tu sesión iniciada. Se elimina al cerrar
              sesión.
            </li>
            <li>
              <strong>Cookie «mt_signed_in»:</strong> indica solo que este navegador tiene una
              sesión abierta, para no cargar contenido pensado para visitantes. No contiene tu token
              ni datos personales y se elimina al cerrar sesión.
            </li>
            <li>
              <strong>Aceptación del aviso legal:</strong> recuerda que ya confirmaste que eres
              mayor de 21 años y aceptaste el aviso, para no mostrártelo en cada visita.
            </li>
            <li>
              <strong>Aviso de cookies:</strong> recuerda que ya has visto este aviso.
            </li>
          </ul>
          <p>
            Además, si llegas desde un enlace con campaña o de recomendación, guardamos de dónde
            vienes:
          </p>
          <ul>
            <li>
              <strong>Cookie «mt_origen» (30 días):</strong> una cookie propia que pone nuestro
              servidor, sin scripts de terceros, con la fuente, el medio y la campaña del enlace
              (utm_source, utm_medium, utm_campaign) y su código de recomendación (ref). Solo se
              guarda la primera visita y no se sobrescribe. Si creas una cuenta o pagas, esos datos
              quedan en tu cuenta y en la transacción para saber qué canales nos traen lectores.
            </li>
          </ul>
          <p>
            No usamos cookies de analítica, de publicidad ni de seguimiento de terceros. Puedes
            borrar estos datos desde la configuración de tu navegador; en ese caso se cerrará tu
            sesión y volverán a mostrarse los avisos. La página de pago de Stripe puede usar sus
            propias cookies para prevenir el fraude, conforme a la política de Stripe.
          </p>
        </>
      ),
    },
    {
      heading: 'Seguridad',
      body: (
        <p>
          Todas las comunicaciones con el sitio viajan cifradas mediante HTTPS, las contraseñas se
          guardan solo como hash, las sesiones usan tokens de corta duración que se renuevan
          automáticamente y el acceso interno a los datos está limitado a las personas que lo
          necesitan para su trabajo. Ningún sistema es infalible: si detectamos una brecha de
          seguridad que afecte a tus datos, te lo comunicaremos sin demora indebida.
        </p>
      ),
    },
    {
      heading: 'Menores de edad',
      body: (
        <p>
          El servicio está dirigido exclusivamente a personas de 21 años o más. No recogemos
          conscientemente datos de menores; si descubrimos que una cuenta pertenece a un menor, la
          cerraremos y borraremos sus datos. Si sabes de algún caso, avísanos en {contactLink}.
        </p>
      ),
    },
    {
      heading: 'Cambios en esta política',
      body: (
        <p>
          Podemos actualizar esta política para reflejar cambios legales o del servicio.
          Publicaremos la nueva versión en esta página con su fecha de actualización y, si los
          cambios son relevantes, te avisaremos por correo electrónico o mediante un aviso en el
          sitio antes de que entren en vigor.
        </p>
      ),
    },
  ],
};
