import type { CountryCode } from './countries';
import { AGE_AND_RESPONSIBLE_PLAY } from './responsible-play';

// Where a reader finds help with gambling, by country (issue 32 item 2, decision 0115): the one
// table the footer, every e-mail, push and Telegram post read.
//
// BEFORE LAUNCH: the compliance owner (the admin who signs off the legal pages) must open every
// link and call every number below from the country it serves, and confirm each is still the
// official or recognised resource there; these were written from public sources without access
// to them from this machine.

export interface HelpResource {
  /** Who to turn to, as readers of that country know it. */
  name: string;
  url: string;
  /** A free line, where one exists, written as dialled in that country. */
  phone?: string;
  /** A self-exclusion register, where the country runs one. */
  selfExclusion?: { name: string; url: string };
}

/** Spain: the regulator's (DGOJ) responsible-play site and its self-exclusion register. */
const SPAIN: HelpResource = {
  name: 'Jugar Bien (DGOJ)',
  url: 'https://www.jugarbien.es',
  selfExclusion: {
    name: 'RGIAJ, registro de autoprohibición',
    url: 'https://www.ordenacionjuego.es/participantes-juego/juego-seguro/rgiaj',
  },
};

/** Mexico: the federal health service's free 24-hour line for addictions. */
const MEXICO: HelpResource = {
  name: 'Línea de la Vida',
  url: 'https://www.gob.mx/salud/conadic',
  phone: '800 911 2000',
};

/** Colombia: the regulator's responsible-play programme. */
const COLOMBIA: HelpResource = {
  name: 'Coljuegos, juego responsable',
  url: 'https://www.coljuegos.gov.co',
};

/** Argentina: the Province of Buenos Aires lottery's free prevention line, the widest served. */
const ARGENTINA: HelpResource = {
  name: 'Juego Responsable, Lotería de la Provincia de Buenos Aires',
  url: 'https://www.loteria.gba.gov.ar',
  phone: '0800 444 4000',
};

/** The United States: the national council's helpline, which answers in Spanish. */
const UNITED_STATES: HelpResource = {
  name: 'National Problem Gambling Helpline',
  url: 'https://www.ncpgambling.org',
  phone: '1-800-522-4700',
};

/** Everywhere else: free, anonymous online help in Spanish, from any country. */
export const GENERIC_HELP: HelpResource = {
  name: 'Gambling Therapy (ayuda en español)',
  url: 'https://www.gamblingtherapy.org/es/',
};

const BY_COUNTRY: Partial<Record<CountryCode, HelpResource>> = {
  ES: SPAIN,
  MX: MEXICO,
  CO: COLOMBIA,
  AR: ARGENTINA,
  US: UNITED_STATES,
};

/** The reader's country's resource, or the generic one (visitors, Chile, Peru, OTHER). */
export function helpResourceFor(country: CountryCode | null | undefined): HelpResource {
  return (country && BY_COUNTRY[country]) || GENERIC_HELP;
}

/** The link as text, without its scheme: "jugarbien.es". */
export function helpHost(resource: HelpResource): string {
  return resource.url.replace(/^https?:\/\/(www\.)?/, '').replace(/\/$/, '');
}

/** One plain line for e-mails, pushes and Telegram: "+21 · Juega con responsabilidad · Ayuda:
 * Jugar Bien (DGOJ), jugarbien.es". The phone, where there is one, goes after the link. */
export function responsiblePlayLine(country: CountryCode | null | undefined): string {
  const help = helpResourceFor(country);
  const phone = help.phone ? `, tel. ${help.phone}` : '';
  return `${AGE_AND_RESPONSIBLE_PLAY} · Ayuda: ${help.name}, ${helpHost(help)}${phone}`;
}

/** The public channel has no single reader: its posts name every country's resource briefly. */
export function audienceHelpLine(): string {
  return `${AGE_AND_RESPONSIBLE_PLAY} · Ayuda: jugarbien.es (España), Línea de la Vida 800 911 2000 (México), coljuegos.gov.co (Colombia), gamblingtherapy.org/es (otros países)`;
}
