import { Link } from 'react-router';
import { LEGAL_CONTACT_EMAIL, type LegalDocument } from './legal-document';

const accountLink = <Link to="/panel/cuenta">Panel › Mi Cuenta</Link>;

export const termsDocument: LegalDocument = {
  id: 'terminos',
  title: 'Términos y Condiciones',
  numbered: true,
  intro: (
    <p>
      Estos Términos y Condiciones regulan el uso del sitio web de MagoTips y la contratación de sus
      servicios de análisis deportivos. Al crear una cuenta, o al comprar un pack o una suscripción,
      declaras haberlos leído y aceptado. Léelos con atención junto con la{' '}
      <Link to="/docs#privacidad">Política de Privacidad</Link> y el{' '}
      <Link to="/docs#disclaimer">Aviso Legal</Link>.
    </p>
  ),
  sections: [
    {
      heading: 'El servicio',
      body: (
        <>
          <p>
            MagoTips publica análisis y pronósticos sobre eventos deportivos («tips»). Ofrecemos:
          </p>
          <ul>
            <li>
              <strong>Tips gratuitos</strong>, disponibles para cualquier usuario registrado.
            </li>
            <li>
              <strong>Tips VIP (premium)</strong>, a los que se accede mediante una suscripción
              mensual o comprando un pack.
            </li>
          </ul>
          <p>
            Los tips son opiniones y análisis elaborados por nuestro equipo; nunca son una garantía
            de ganancias. MagoTips no es una casa de apuestas: no aceptamos apuestas, no recibimos
            ni gestionamos dinero destinado a apostar y no actuamos como intermediario de ningún
            operador de juego. Cualquier apuesta que realices es una decisión tuya, tomada con un
            operador ajeno a nosotros.
          </p>
        </>
      ),
    },
    {
      heading: 'Edad mínima y requisitos de acceso',
      body: (
        <>
          <p>
            El servicio está reservado a personas de <strong>21 años o más</strong>, o de la mayoría
            de edad legal para apostar en tu país si esta es superior. Verificamos la edad en el
            registro mediante la fecha de nacimiento; si te registras con Google, comprobamos
            también la fecha de nacimiento de tu cuenta de Google y no creamos la cuenta si no está
            disponible o si indica que eres menor de 21 años.
          </p>
          <p>
            Te corresponde comprobar que consultar contenido sobre apuestas deportivas es legal en
            el lugar desde el que accedes. Si descubrimos que una cuenta pertenece a un menor o que
            los datos de edad son falsos, la cerraremos.
          </p>
        </>
      ),
    },
    {
      heading: 'Tu cuenta',
      body: (
        <ul>
          <li>
            Debes facilitar datos verídicos y confirmar tu correo electrónico antes de que la cuenta
            quede activa.
          </li>
          <li>
            La cuenta es personal e intransferible. Eres responsable de custodiar tu contraseña y de
            la actividad que se realice con tu cuenta; no compartas tus credenciales.
          </li>
          <li>
            Si sospechas un uso no autorizado, cambia tu contraseña y escríbenos a{' '}
            <a href={`mailto:${LEGAL_CONTACT_EMAIL}`}>{LEGAL_CONTACT_EMAIL}</a>.
          </li>
        </ul>
      ),
    },
    {
      heading: 'Precios y pagos',
      body: (
        <ul>
          <li>
            Todos los precios se expresan en <strong>dólares estadounidenses (USD)</strong>. Tu
            banco puede aplicar comisiones de cambio de divisa, ajenas a MagoTips.
          </li>
          <li>
            Los pagos con tarjeta los procesa <strong>Stripe</strong>. MagoTips nunca almacena ni
            conoce el número completo de tu tarjeta.
          </li>
          <li>
            El importe que pagas es el precio vigente que se muestra al confirmar la compra. Los
            cambios de precio no afectan a periodos ya pagados; si cambia el precio de tu
            suscripción, te avisaremos antes de la siguiente renovación para que puedas cancelarla.
          </li>
        </ul>
      ),
    },
    {
      heading: 'Suscripciones',
      body: (
        <ul>
          <li>
            La suscripción da acceso a los tips VIP durante el periodo contratado y{' '}
            <strong>se renueva automáticamente cada mes</strong>, cobrándose el precio del plan en
            la misma tarjeta, salvo que la canceles.
          </li>
          <li>
            Si al contratar desactivas la opción de pago recurrente, la suscripción dura solo el
            periodo pagado y no se renueva.
          </li>
          <li>
            Puedes <strong>cancelar la renovación en cualquier momento</strong> desde {accountLink}.
            La cancelación surte efecto al final del periodo ya pagado: conservas el acceso hasta
            esa fecha y no se te vuelve a cobrar.
          </li>
          <li>
            Si el cobro de una renovación no se puede completar, la suscripción no se renueva y el
            acceso VIP termina al final del periodo pagado.
          </li>
        </ul>
      ),
    },
    {
      heading: 'Packs de tips VIP',
      body: (
        <p>
          Un pack es una compra única, sin renovación, que da acceso a los tips VIP que contiene,
          tal como se describen en la ficha del pack antes de la compra. Solo se puede comprar un
          pack mientras alguno de sus partidos esté pendiente o en juego, y no da acceso a tips VIP
          que no formen parte de él.
        </p>
      ),
    },
    {
      heading: 'Reembolsos',
      body: (
        <>
          <p>
            El contenido VIP es un servicio digital que se pone a tu disposición de forma inmediata
            tras el pago. Al comprar, solicitas expresamente ese acceso inmediato y, en la medida en
            que la ley lo permita, aceptas que{' '}
            <strong>no se realizan reembolsos por servicios ya utilizados</strong>: packs cuyo
            contenido ya está disponible o periodos de suscripción ya iniciados.
          </p>
          <p>
            Si se produce un cobro duplicado o un error técnico imputable a MagoTips, te
            devolveremos el importe indebido. Escríbenos indicando el identificador de la
            transacción que aparece en la confirmación del pago.
          </p>
        </>
      ),
    },
    {
      heading: 'Uso permitido del contenido',
      body: (
        <>
          <p>
            Los análisis, textos, imágenes y la marca MagoTips están protegidos por la normativa de
            propiedad intelectual. Te concedemos una licencia personal, no exclusiva e
            intransferible para consultar el contenido para tu uso propio.
          </p>
          <p>
            <strong>
              Queda prohibido compartir, revender o publicar el contenido premium (VIP),
            </strong>{' '}
            total o parcialmente y por cualquier medio: capturas de pantalla, grupos de mensajería,
            redes sociales, foros u otros sitios web. También está prohibido ceder tu cuenta,
            extraer contenido de forma automatizada o eludir las medidas de acceso.
          </p>
          <p>
            El incumplimiento de estas reglas puede suponer la suspensión o el cierre de la cuenta
            sin derecho a reembolso, sin perjuicio de las acciones legales que correspondan.
          </p>
        </>
      ),
    },
    {
      heading: 'Juego responsable y limitación de responsabilidad',
      body: (
        <>
          <p>
            Los resultados deportivos son inciertos y los aciertos pasados no garantizan aciertos
            futuros. Apuesta solo dinero que puedas permitirte perder. Antes de usar nuestros
            análisis, lee las recomendaciones de juego responsable del{' '}
            <Link to="/docs#disclaimer">Aviso Legal</Link>.
          </p>
          <p>
            MagoTips no se hace responsable de las pérdidas económicas derivadas de las decisiones
            que tomes a partir de nuestros análisis, ni de la actuación de los operadores de juego.
            Procuramos que el servicio esté disponible de forma continua, pero pueden producirse
            interrupciones por mantenimiento o por causas ajenas a nosotros.
          </p>
        </>
      ),
    },
    {
      heading: 'Baja y cierre de la cuenta',
      body: (
        <p>
          Puedes eliminar tu cuenta cuando quieras desde {accountLink}. Al hacerlo se cancela la
          renovación de tu suscripción, pierdes el acceso al contenido VIP y se borran tus datos
          personales según la <Link to="/docs#privacidad">Política de Privacidad</Link>; los
          periodos o packs ya pagados no se reembolsan. Podemos suspender o cerrar cuentas que
          incumplan estos Términos.
        </p>
      ),
    },
    {
      heading: 'Cambios y contacto',
      body: (
        <p>
          Podemos modificar estos Términos para adaptarlos a cambios legales o del servicio. Te
          avisaremos de los cambios relevantes con antelación y, si no estás de acuerdo, podrás
          cancelar tu suscripción antes de que entren en vigor. Nada de lo aquí dispuesto limita los
          derechos irrenunciables que te reconozca la normativa de protección de los consumidores de
          tu país. Para cualquier consulta escríbenos a{' '}
          <a href={`mailto:${LEGAL_CONTACT_EMAIL}`}>{LEGAL_CONTACT_EMAIL}</a>.
        </p>
      ),
    },
  ],
};
