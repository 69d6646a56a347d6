import type { SportId } from '@magotips/contracts/sports';
import type { TipResult } from '@magotips/contracts/track-record';

/**
 * The demo's track record (issue 14 item 8): six months of settled tips with their bets, a few
 * upcoming ones and a few started but not settled yet, all dated relative to the moment of
 * seeding. Drawn from a seeded generator, so every fresh data directory gets the same record
 * (and demo-seed.test.ts can hold it to ≈ 52–55 % hits and a 3–8 % yield); never Math.random.
 */
export type DemoBet = {
  icon: SportId;
  title: string;
  category: 'free' | 'premium';
  analisis: string;
  pick: string;
  oddsCents: number;
  stake: number;
  bookmaker: string;
  result: TipResult;
  matchDate: Date;
  publishedAt: Date;
  createdAt: Date;
  settledAt: Date | null;
};

/** The generator's seed: chosen (demo-seed.test.ts) for a record that looks like a careful
 * tipster's, within the figures above. */
export const DEMO_BETS_SEED = 639;
export const DEMO_HISTORY_DAYS = 182;

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** mulberry32: small, fast and the same on every platform. */
function generator(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

type Rng = () => number;
const oneOf = <T>(rng: Rng, list: readonly T[]): T => list[Math.floor(rng() * list.length)] as T;
function weighted<T>(rng: Rng, table: readonly (readonly [T, number])[]): T {
  const total = table.reduce((s, [, w]) => s + w, 0);
  let x = rng() * total;
  for (const [value, w] of table) {
    x -= w;
    if (x < 0) return value;
  }
  return (table.at(-1) as readonly [T, number])[0];
}
function twoOf(rng: Rng, list: readonly string[]): [string, string] {
  const a = oneOf(rng, list);
  let b = oneOf(rng, list);
  while (b === a) b = oneOf(rng, list);
  return [a, b];
}

/** How a bet can end: most are won or lost; a few markets can also push (void) or split. */
type Outcome = 'plain' | 'void' | 'half';
/** A market: the pick as the bet slip reads it. */
type Market = { pick: string };
type SportPlan = {
  /** UTC kick-off hours this sport's matches usually have for a Spanish-speaking audience. */
  hours: readonly number[];
  /** Hours from kick-off to the final result. */
  length: number;
  match(rng: Rng): { home: string; away: string; event?: string };
  market(rng: Rng, home: string, away: string, outcome: Outcome): Market;
  reasons: readonly string[];
};

const m = (pick: string): Market => ({ pick });

const FOOTBALL_LEAGUES = [
  [
    'Real Madrid',
    'Barcelona',
    'Atlético de Madrid',
    'Sevilla',
    'Real Betis',
    'Real Sociedad',
    'Villarreal',
    'Athletic Club',
    'Valencia',
    'Girona',
    'Osasuna',
    'Celta',
  ],
  [
    'Arsenal',
    'Liverpool',
    'Manchester City',
    'Chelsea',
    'Tottenham',
    'Manchester United',
    'Newcastle',
    'Aston Villa',
  ],
  ['Inter', 'Milan', 'Juventus', 'Napoli', 'Roma', 'Atalanta', 'Lazio'],
  ['América', 'Chivas', 'Tigres', 'Monterrey', 'Cruz Azul', 'Pumas', 'Toluca'],
  ['Boca Juniors', 'River Plate', 'Racing', 'Independiente', 'San Lorenzo', 'Estudiantes'],
] as const;

const PLANS: Record<string, SportPlan> = {
  football: {
    hours: [12, 14, 15, 17, 18, 19, 20],
    length: 2,
    match: (rng) => {
      const [home, away] = twoOf(rng, oneOf(rng, FOOTBALL_LEAGUES));
      return { home, away };
    },
    market: (rng, home, away, outcome) => {
      if (outcome === 'void')
        return oneOf(rng, [
          m(`${home} empate no válido`),
          m(`${away} 0 (hándicap asiático)`),
        ]);
      if (outcome === 'half')
        return oneOf(rng, [
          m('Más de 2,75 goles'),
          m(`${home} -0,75`),
          m(`${away} +0,25`),
          m('Menos de 2,25 goles'),
        ]);
      return oneOf(rng, [
        m(`Gana ${home}`),
        m(`Gana ${away}`),
        m('Más de 2,5 goles'),
        m('Menos de 2,5 goles'),
        m('Ambos marcan: sí'),
        m('Ambos marcan: no'),
        m(`${home} o empate`),
        m(`${away} +1,5`),
        m('Más de 9,5 córners'),
      ]);
    },
    reasons: [
      '{home} suma {n} partidos sin perder en casa y {away} llega con bajas en defensa.',
      '{away} concede a balón parado y {home} es de los equipos que más córners fuerza de la liga.',
      'Los dos últimos duelos se decidieron en la segunda parte y {home} rota poco en el centro del campo.',
      '{away} ha marcado en {n} de sus últimas {m} salidas, pero su línea defensiva sufre ante la presión alta.',
      'Partido de ritmo alto: los dos equipos promedian más de 1,5 goles esperados por partido.',
    ],
  },
  basketball: {
    hours: [0, 1, 2, 18, 19],
    length: 2.5,
    match: (rng) => {
      const [home, away] = twoOf(
        rng,
        oneOf(rng, [
          [
            'Lakers',
            'Celtics',
            'Nuggets',
            'Warriors',
            'Bucks',
            'Heat',
            'Knicks',
            'Suns',
            'Mavericks',
            'Thunder',
            '76ers',
            'Timberwolves',
          ],
          [
            'Real Madrid',
            'Barça',
            'Olympiacos',
            'Panathinaikos',
            'Fenerbahçe',
            'Mónaco',
            'Baskonia',
          ],
        ]),
      );
      return { home, away };
    },
    market: (rng, home, away, outcome) => {
      if (outcome === 'void') return oneOf(rng, [m(`${home} -5`), m('Más de 220 puntos')]);
      return oneOf(rng, [
        m(`${home} -4,5`),
        m(`${away} +6,5`),
        m('Más de 221,5 puntos'),
        m('Menos de 228,5 puntos'),
        m(`Gana ${home}`),
        m(`Gana ${away}`),
      ]);
    },
    reasons: [
      '{away} juega el segundo partido de un back-to-back y su rotación es corta.',
      '{home} defiende el perímetro como pocos (33 % en triples permitidos en los últimos {n} partidos).',
      'Ritmo alto en los últimos enfrentamientos y {away} sin su mejor defensor exterior.',
      '{home} gana el rebote ofensivo en {n} de sus últimas {m} jornadas.',
    ],
  },
  tennis: {
    hours: [10, 12, 14, 16, 18],
    length: 2.5,
    match: (rng) => {
      const [home, away] = twoOf(
        rng,
        oneOf(rng, [
          [
            'Alcaraz',
            'Sinner',
            'Djokovic',
            'Zverev',
            'Medvedev',
            'Rune',
            'Ruud',
            'Fritz',
            'De Miñaur',
            'Tsitsipas',
            'Davidovich',
            'Carreño',
          ],
          ['Sabalenka', 'Swiatek', 'Gauff', 'Rybakina', 'Pegula', 'Badosa', 'Paolini'],
        ]),
      );
      return { home, away };
    },
    market: (rng, home, away, outcome) => {
      // A retirement before the first point voids the bet.
      if (outcome === 'void') return m(`Gana ${home}`);
      return oneOf(rng, [
        m(`Gana ${home}`),
        m(`${home} -3,5 juegos`),
        m('Más de 22,5 juegos'),
        m(`${away} +1,5 sets`),
        m(`${home} gana un set`),
      ]);
    },
    reasons: [
      '{home} gana el {p} % de los puntos con su primer servicio en esta superficie.',
      '{away} viene de un partido a cinco sets y acusa el cansancio en los intercambios largos.',
      'Sus {n} últimos duelos se decidieron por un break; el resto de {home} ha mejorado en pista rápida.',
      '{home} llega sin ceder un set en el torneo y {away} arrastra molestias en el hombro.',
    ],
  },
  hockey: {
    hours: [0, 1, 23],
    length: 2.5,
    match: (rng) => {
      const [home, away] = twoOf(rng, [
        'Oilers',
        'Maple Leafs',
        'Rangers',
        'Bruins',
        'Panthers',
        'Avalanche',
        'Golden Knights',
        'Lightning',
      ]);
      return { home, away };
    },
    market: (rng, home, away) =>
      oneOf(rng, [m(`Gana ${home}`), m('Más de 5,5 goles'), m(`${away} +1,5`)]),
    reasons: [
      '{home} marca en el primer periodo en el {p} % de sus partidos en casa.',
      'Los dos powerplays están entre los cinco mejores de la liga.',
    ],
  },
  baseball: {
    hours: [23, 0, 1, 2],
    length: 3,
    match: (rng) => {
      const [home, away] = twoOf(rng, [
        'Yankees',
        'Red Sox',
        'Dodgers',
        'Astros',
        'Braves',
        'Mets',
        'Cubs',
        'Padres',
      ]);
      return { home, away };
    },
    market: (rng, home) =>
      oneOf(rng, [m(`Gana ${home}`), m('Menos de 8,5 carreras'), m(`${home} -1,5 carreras`)]),
    reasons: [
      'Duelo de abridores con ERA por debajo de 3,00 en los últimos treinta días.',
      'El bullpen de {home} llega descansado y el viento sopla hacia dentro.',
    ],
  },
  'american-futball': {
    hours: [18, 21, 1],
    length: 3.5,
    match: (rng) => {
      const [home, away] = twoOf(rng, [
        'Chiefs',
        'Bills',
        'Eagles',
        '49ers',
        'Ravens',
        'Cowboys',
        'Lions',
        'Packers',
      ]);
      return { home, away };
    },
    market: (rng, home, away) =>
      oneOf(rng, [m(`${home} -3,5`), m('Más de 45,5 puntos'), m(`Gana ${away}`)]),
    reasons: [
      '{away} ha cubierto el hándicap en {n} de sus últimos {m} partidos como visitante.',
      '{home} llega con bajas en la línea ofensiva.',
    ],
  },
  volleyball: {
    hours: [16, 18],
    length: 2,
    match: (rng) => {
      const [home, away] = twoOf(rng, [
        'Italia',
        'Polonia',
        'Brasil',
        'Francia',
        'Japón',
        'Estados Unidos',
        'Eslovenia',
      ]);
      return { home, away };
    },
    market: (rng, home) => oneOf(rng, [m(`Gana ${home}`), m('Más de 3,5 sets')]),
    reasons: [
      'Sus {n} últimos partidos llegaron al cuarto set.',
      '{home} recibe mejor que nadie en el torneo.',
    ],
  },
  mma: {
    hours: [3, 4],
    length: 1,
    match: (rng) => {
      const [home, away] = twoOf(rng, [
        'Topuria',
        'Holloway',
        'Volkanovski',
        'Pereira',
        'Adesanya',
        'Makhachev',
        "O'Malley",
      ]);
      return { home, away, event: 'UFC' };
    },
    market: (rng, home) =>
      oneOf(rng, [
        m(`Gana ${home}`),
        m(`${home} gana por KO/TKO`),
        m('El combate llega a la decisión'),
      ]),
    reasons: [
      '{home} conecta más golpes significativos por minuto y defiende el {p} % de los derribos.',
      '{away} sufre ante rivales que presionan contra la reja.',
    ],
  },
  esports: {
    hours: [16, 17, 18],
    length: 2,
    match: (rng) => {
      const [home, away] = twoOf(rng, [
        'G2 Esports',
        'Fnatic',
        'KOI',
        'Team Heretics',
        'Vitality',
        'Karmine Corp',
      ]);
      return { home, away, event: 'LEC' };
    },
    market: (rng, home) =>
      oneOf(rng, [m(`${home} gana el mapa 1`), m(`Gana ${home}`), m('Más de 2,5 mapas')]),
    reasons: [
      '{home} gana el {p} % de sus primeros mapas con lado azul.',
      '{away} viene de cambiar de support y su fase temprana se resiente.',
    ],
  },
};

const SPORT_WEIGHTS: readonly (readonly [SportId, number])[] = [
  ['football', 52],
  ['basketball', 17],
  ['tennis', 15],
  ['hockey', 4],
  ['baseball', 4],
  ['american-futball', 2],
  ['volleyball', 2],
  ['mma', 2],
  ['esports', 2],
];
const STAKES = [
  [1, 14],
  [2, 30],
  [3, 30],
  [4, 16],
  [5, 10],
] as const;
const TIPS_PER_DAY = [
  [0, 12],
  [1, 35],
  [2, 38],
  [3, 15],
] as const;
const BOOKMAKERS = ['Bet365', 'Codere', 'Bwin', 'Betway', 'Sportium', 'William Hill'] as const;

function fill(rng: Rng, text: string, home: string, away: string): string {
  return text
    .replaceAll('{home}', home)
    .replaceAll('{away}', away)
    .replaceAll('{n}', String(5 + Math.floor(rng() * 6)))
    .replaceAll('{m}', String(11 + Math.floor(rng() * 4)))
    .replaceAll('{p}', String(62 + Math.floor(rng() * 16)));
}

type Drawn = Omit<DemoBet, 'matchDate' | 'publishedAt' | 'createdAt' | 'settledAt'> & {
  hour: number;
  length: number;
};

/** One bet: sport, match, odds between 1.60 and 2.60 (most below 2), stake, and the result of a
 * tipster with a small edge (wins 1.05 ÷ odds of the time). `settle` false leaves it pending. */
function drawBet(rng: Rng, settle: boolean): Drawn {
  const icon = weighted(rng, SPORT_WEIGHTS);
  const plan = PLANS[icon] as SportPlan;
  const { home, away, event } = plan.match(rng);
  const odds = Math.round((1.6 + Math.pow(rng(), 1.6)) * 100) / 100;
  const stake = weighted(rng, STAKES);
  const r = rng();
  let outcome: Outcome = 'plain';
  let result: TipResult = 'pendiente';
  // Voids: a push, a retirement; halves only on football's quarter lines.
  if (r < 0.025 && (icon === 'football' || icon === 'basketball' || icon === 'tennis')) {
    outcome = 'void';
    result = 'nulo';
  } else if (r < 0.065 && icon === 'football') {
    outcome = 'half';
    result = r < 0.045 ? 'medio_ganado' : 'medio_perdido';
  } else {
    result = rng() < 1.05 / odds ? 'ganado' : 'perdido';
  }
  const market = plan.market(rng, home, away, outcome);
  const reason = fill(rng, oneOf(rng, plan.reasons), home, away);
  const odd = odds.toFixed(2);
  return {
    icon,
    // The match only (the proof issue, item 4): a pending VIP pick must not travel in a title.
    title: `${event ? `${event}: ` : ''}${home} vs. ${away}`,
    category: rng() < 0.4 ? 'premium' : 'free',
    analisis: `${reason} Pronóstico: ${market.pick}, cuota ${odd}, stake ${stake}/10.`,
    pick: market.pick,
    oddsCents: Math.round(odds * 100),
    stake,
    bookmaker: oneOf(rng, BOOKMAKERS),
    result: settle ? result : 'pendiente',
    hour: oneOf(rng, plan.hours),
    length: plan.length,
  };
}

/** Published a few hours before kick-off, written a little before that; settled after the end. */
function dated(rng: Rng, bet: Drawn, matchDate: Date, settled: boolean): DemoBet {
  const publishedAt = new Date(
    matchDate.getTime() - (2 + Math.floor(rng() * 7)) * HOUR - Math.floor(rng() * 60) * 60_000,
  );
  const { hour: _hour, length, ...rest } = bet;
  return {
    ...rest,
    matchDate,
    publishedAt,
    createdAt: new Date(publishedAt.getTime() - (10 + Math.floor(rng() * 80)) * 60_000),
    settledAt: settled ? new Date(matchDate.getTime() + (length + 0.5 + rng() * 2) * HOUR) : null,
  };
}

/** Settled matches end at least this long before the seed's moment, so the feeds' window of
 * matches under way or just ended (TIP_EXPIRY_HOURS) keeps the demo's own tips. */
const LATEST_SETTLED_KICK_OFF_HOURS = 13;

/** Every demo bet relative to `now`: the history, oldest first, then the started but unsettled
 * ones, then the upcoming ones. The bets themselves never depend on `now`, only their dates. */
export function demoBets(now: Date, seed = DEMO_BETS_SEED): DemoBet[] {
  const rng = generator(seed);
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  const latest = now.getTime() - LATEST_SETTLED_KICK_OFF_HOURS * HOUR;
  const out: DemoBet[] = [];
  for (let d = DEMO_HISTORY_DAYS; d >= 1; d--) {
    const count = weighted(rng, TIPS_PER_DAY);
    for (let i = 0; i < count; i++) {
      const bet = drawBet(rng, true);
      let kickOff = today - d * DAY + bet.hour * HOUR + (rng() < 0.5 ? 30 * 60_000 : 0);
      // Yesterday's late matches go back a day rather than out of the record.
      if (kickOff > latest) kickOff -= DAY;
      out.push(dated(rng, bet, new Date(kickOff), true));
    }
  }
  // Started, maybe over, not settled yet: the editor's "Resultados pendientes".
  for (const hoursAgo of [27, 20, 14])
    out.push(dated(rng, drawBet(rng, false), new Date(now.getTime() - hoursAgo * HOUR), false));
  // Upcoming, already published with their bet; later than the demo's next free match.
  for (const [i, hoursAhead] of [22, 46, 70, 94].entries()) {
    const bet = dated(rng, drawBet(rng, false), new Date(now.getTime() + hoursAhead * HOUR), false);
    const publishedAt = new Date(
      Math.min(bet.publishedAt.getTime(), now.getTime() - (1 + 2 * i) * HOUR),
    );
    const createdAt = new Date(
      Math.min(bet.createdAt.getTime(), publishedAt.getTime() - 20 * 60_000),
    );
    out.push({ ...bet, publishedAt, createdAt });
  }
  return out.sort((a, b) => a.matchDate.getTime() - b.matchDate.getTime());
}
