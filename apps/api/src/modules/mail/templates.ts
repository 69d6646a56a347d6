import type { CountryCode } from '@magotips/contracts/countries';
import { responsiblePlayLine } from '@magotips/contracts/help-resources';

/** The e-mails MagoTips sends: Spanish, branded, each with an HTML and a plain-text part.
 * Styles are inline because most mail clients ignore style sheets. */

export type RenderedEmail = { subject: string; text: string; html: string };

const BRAND = 'MagoTips';
const TAGLINE = 'El mago de los pronósticos deportivos';
const INDIGO = '#1e1b4b';
const INDIGO_CARD = '#312e81';
const GOLD = '#f5c542';
const INK = '#e0e7ff';

/** Names come from the sign-up form: never let them inject markup into the message. */
export function escapeHtml(value: string): string {
  return value
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

/**
 * The greeting. A name is the sign-up form's free text: only letters, marks, spaces,
 * apostrophes and hyphens of it are shown, so "https://…" or "evil.example" in a name can
 * never become a link in the text or HTML part. Without a name (mails to an address nobody
 * has confirmed yet, decision 0023) the greeting is generic.
 */
export function greeting(firstName?: string): string {
  const shown = shownName(firstName);
  return shown ? `¡Hola, ${shown}!` : '¡Hola!';
}

/** A person's name as an e-mail may show it (the greeting's rule): letters, marks, spaces,
 * apostrophes and hyphens only, or null when nothing readable is left. */
export function shownName(name?: string, max = 50): string | null {
  const shown = (name ?? '')
    .replace(/[^\p{L}\p{M} '-]/gu, '')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, max);
  return /\p{L}/u.test(shown) ? shown : null;
}

/** Someone else's words in our e-mail (a gift's message): plain text, escaped here, shown as a
 * quotation under a label that says whose they are. */
export type EmailQuote = { quoteLabel: string; text: string; note?: string };

function quoteHtml(q: EmailQuote): string {
  const small = `margin:0 0 16px;font-size:13px;line-height:1.5;color:#a5b4fc;`;
  return `<p style="margin:0 0 8px;font-size:16px;line-height:1.5;color:${INK};">${escapeHtml(q.quoteLabel)}</p>
<blockquote style="margin:0 0 8px;padding:8px 16px;border-left:4px solid ${GOLD};font-size:16px;line-height:1.5;color:${INK};font-style:italic;">${escapeHtml(q.text).replace(/\n/g, '<br>')}</blockquote>
${q.note ? `<p style="${small}">${escapeHtml(q.note)}</p>` : ''}`;
}

/** The same quotation in the plain-text part: each line behind "> ", as mail clients quote. */
export function quoteText(q: EmailQuote): string {
  const lines = q.text.split('\n').map((line) => `> ${line}`);
  return [q.quoteLabel, ...lines, ...(q.note ? [q.note] : [])].join('\n');
}

export function layout(opts: {
  title: string;
  /** HTML paragraphs (escape what comes from people), or a quotation, escaped by the layout. */
  paragraphs: (string | EmailQuote)[];
  button?: { label: string; url: string };
  after?: string[];
  /** The reader's country, for the help resource in the footer (decision 0115); null when the
   * reader is not known (a gift's recipient): the resource that serves every country. */
  country: CountryCode | null;
}): string {
  const p = (html: string | EmailQuote) =>
    typeof html === 'string'
      ? `<p style="margin:0 0 16px;font-size:16px;line-height:1.5;color:${INK};">${html}</p>`
      : quoteHtml(html);
  const button = opts.button
    ? `<table role="presentation" cellpadding="0" cellspacing="0" style="margin:8px 0 24px;"><tr><td style="border-radius:8px;background:${GOLD};">
<a href="${escapeHtml(opts.button.url)}" style="display:inline-block;padding:14px 28px;font-size:16px;font-weight:bold;color:${INDIGO};text-decoration:none;border-radius:8px;">${escapeHtml(opts.button.label)}</a>
</td></tr></table>
<p style="margin:0 0 16px;font-size:13px;line-height:1.5;color:#a5b4fc;">Si el botón no funciona, copia este enlace en tu navegador:<br><a href="${escapeHtml(opts.button.url)}" style="color:${GOLD};word-break:break-all;">${escapeHtml(opts.button.url)}</a></p>`
    : '';
  return `<!doctype html>
<html lang="es"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeHtml(opts.title)}</title></head>
<body style="margin:0;padding:0;background:${INDIGO};font-family:Arial,Helvetica,sans-serif;">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:${INDIGO};padding:24px 12px;"><tr><td align="center">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:560px;">
<tr><td style="padding:8px 0 20px;text-align:center;">
<div style="font-size:40px;line-height:1;">🧙‍♂️</div>
<div style="font-size:26px;font-weight:bold;color:${GOLD};letter-spacing:1px;">${BRAND}</div>
<div style="font-size:13px;color:#a5b4fc;">${TAGLINE}</div>
</td></tr>
<tr><td style="background:${INDIGO_CARD};border:1px solid ${GOLD};border-radius:12px;padding:28px 24px;">
<h1 style="margin:0 0 16px;font-size:22px;color:${GOLD};">${escapeHtml(opts.title)}</h1>
${opts.paragraphs.map(p).join('\n')}
${button}
${(opts.after ?? []).map(p).join('\n')}
</td></tr>
<tr><td style="padding:20px 8px;text-align:center;font-size:12px;line-height:1.5;color:#a5b4fc;">
${escapeHtml(responsiblePlayLine(opts.country))}<br>© 2025 ${BRAND}
</td></tr>
</table></td></tr></table>
</body></html>`;
}

/** Every e-mail ends with "+21 · Juega con responsabilidad" and the help resource of the
 * reader's country (issue 32 item 2), in both parts: `layout` writes the same line. */
export function textFooter(country: CountryCode | null): string {
  return `\n—\n${BRAND} · ${TAGLINE}\n${responsiblePlayLine(country)}\n`;
}

/** Goes to an address not yet confirmed: whoever typed it may not own it, so no name. */
export function verificationEmail(opts: {
  link: string;
  hours: number;
  country: CountryCode;
}): RenderedEmail {
  const title = 'Confirma tu email';
  const hello = greeting();
  const intro = `Tu varita ya está casi lista. Confirma tu email para activar tu cuenta de ${BRAND} y empezar a leer nuestros pronósticos.`;
  const validity = `El enlace es válido durante ${opts.hours} horas y solo puede usarse una vez.`;
  const ignore =
    'Si no creaste esta cuenta, ignora este mensaje: sin confirmación, la cuenta no se activa.';
  return {
    subject: `Confirma tu cuenta de ${BRAND} ✨`,
    text: `${hello}\n\n${intro}\n\nConfirma tu email aquí:\n${opts.link}\n\n${validity}\n\n${ignore}\n${textFooter(opts.country)}`,
    html: layout({
      title,
      country: opts.country,
      paragraphs: [escapeHtml(hello), escapeHtml(intro)],
      button: { label: 'Confirmar mi email', url: opts.link },
      after: [escapeHtml(validity), escapeHtml(ignore)],
    }),
  };
}

/** `firstName` only when the address is confirmed. */
export function passwordResetEmail(opts: {
  firstName?: string;
  link: string;
  hours: number;
  country: CountryCode;
}): RenderedEmail {
  const title = 'Restablece tu contraseña';
  const hello = greeting(opts.firstName);
  const intro = `Alguien (esperamos que tú) pidió restablecer la contraseña de tu cuenta de ${BRAND}. Con este hechizo eliges una nueva:`;
  const validity = `El enlace es válido durante ${opts.hours === 1 ? '1 hora' : `${opts.hours} horas`} y solo puede usarse una vez. Al cambiar la contraseña se cerrarán todas tus sesiones abiertas.`;
  const ignore =
    'Si no lo pediste tú, ignora este mensaje: tu contraseña actual sigue funcionando.';
  return {
    subject: `Restablece tu contraseña de ${BRAND}`,
    text: `${hello}\n\n${intro}\n${opts.link}\n\n${validity}\n\n${ignore}\n${textFooter(opts.country)}`,
    html: layout({
      title,
      country: opts.country,
      paragraphs: [escapeHtml(hello), escapeHtml(intro)],
      button: { label: 'Elegir nueva contraseña', url: opts.link },
      after: [escapeHtml(validity), escapeHtml(ignore)],
    }),
  };
}

export function passwordChangedEmail(opts: {
  firstName: string;
  resetLink: string;
  country: CountryCode;
}): RenderedEmail {
  const title = 'Tu contraseña ha cambiado';
  const hello = greeting(opts.firstName);
  const body = `La contraseña de tu cuenta de ${BRAND} acaba de cambiar y hemos cerrado las demás sesiones abiertas.`;
  const warn = 'Si no fuiste tú, restablece tu contraseña cuanto antes desde la página de acceso:';
  return {
    subject: `Tu contraseña de ${BRAND} ha cambiado`,
    text: `${hello}\n\n${body}\n\n${warn}\n${opts.resetLink}\n${textFooter(opts.country)}`,
    html: layout({
      title,
      country: opts.country,
      paragraphs: [escapeHtml(hello), escapeHtml(body), escapeHtml(warn)],
      button: { label: 'Restablecer contraseña', url: opts.resetLink },
    }),
  };
}

/**
 * Someone tried to sign up with an address that already has an account (issue 29 item 7): the
 * sign-up answers as for a new account, so only the address's owner learns of it, here.
 * `firstName` only when the address is confirmed.
 */
export function signUpAttemptEmail(opts: {
  firstName?: string;
  loginLink: string;
  resetLink: string;
  country: CountryCode;
}): RenderedEmail {
  const title = 'Ya tienes una cuenta';
  const hello = greeting(opts.firstName);
  const body = `Alguien (quizá tú) ha intentado crear una cuenta de ${BRAND} con este email, pero ya tienes una. No hemos creado ninguna cuenta nueva ni cambiado nada en la tuya.`;
  const signIn = 'Para entrar, inicia sesión aquí:';
  const reset = 'Si no recuerdas tu contraseña, elige una nueva aquí:';
  const ignore = 'Si no fuiste tú, puedes ignorar este mensaje: tu cuenta sigue como estaba.';
  return {
    subject: `Ya tienes una cuenta en ${BRAND}`,
    text: `${hello}\n\n${body}\n\n${signIn}\n${opts.loginLink}\n\n${reset}\n${opts.resetLink}\n\n${ignore}\n${textFooter(opts.country)}`,
    html: layout({
      title,
      country: opts.country,
      paragraphs: [escapeHtml(hello), escapeHtml(body)],
      button: { label: 'Iniciar sesión', url: opts.loginLink },
      after: [
        `${escapeHtml(reset)} <a href="${escapeHtml(opts.resetLink)}">${escapeHtml(opts.resetLink)}</a>`,
        escapeHtml(ignore),
      ],
    }),
  };
}
