// What the demo's bets are drawn from, sport by sport: kick-off hours, match length, teams,
// markets and the reasons written in each analysis (demo-bets.ts draws from them).
import { oneOf, type Rng, twoOf } from './demo-random';

/** How a bet can end: most are won or lost; a few markets can also push (void) or split. */
export type Outcome = 'plain' | 'void' | 'half';
/** A market: the pick as the bet slip reads it. */
type Market = { pick: string };
export type SportPlan = {
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

export const PLANS: Record<string, SportPlan> = {
  football: {
    hours: [12, 14, 15, 17, 18, 19, 20],
    length: 2,
    match: (rng) => {
      const [home, away] = twoOf(rng, oneOf(rng, FOOTBALL_LEAGUES));
      return { home, away };
    },
    market: (rng, home, away, outcome) => {
      if (outcome === 'void')
        return oneOf(rng, [m(`${home} empate no válido`), m(`${away} 0 (hándicap asiático)`)]);
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
