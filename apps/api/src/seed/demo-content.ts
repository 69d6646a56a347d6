import type { SportId } from '@magotips/contracts/sports';

/** Demo tips, dated relative to the moment of seeding: hours from then (negative = past). */
export type DemoTip = {
  key: string;
  icon: SportId;
  title: string;
  hoursFromNow: number;
  category: 'free' | 'premium';
  analisis: string;
};

export const DEMO_TIPS: DemoTip[] = [
  {
    key: 'clasico',
    icon: 'football',
    title: 'Real Madrid vs. Barcelona',
    hoursFromNow: -0.75,
    category: 'free',
    analisis:
      'Los dos equipos llegan con sus delanteros titulares y defensas castigadas por lesiones. En los últimos seis clásicos hubo cinco con tres goles o más, pero el mercado ya lo sabe: más de 2,5 goles paga solo 1.72 y no vemos valor a ese precio. Análisis sin apuesta: lo seguimos en directo.',
  },
  {
    key: 'lakers',
    icon: 'basketball',
    title: 'Lakers vs. Celtics',
    hoursFromNow: 5,
    category: 'free',
    analisis:
      'Boston defiende el perímetro como nadie esta temporada (33 % en triples permitidos) y los Lakers juegan el segundo partido de un back-to-back. La rotación corta de Los Ángeles pesa en el último cuarto. Celtics -4,5 a cuota 1.90, stake 3/10.',
  },
  {
    key: 'alcaraz',
    icon: 'tennis',
    title: 'Alcaraz vs. Sinner',
    hoursFromNow: 28,
    category: 'premium',
    analisis:
      'Sus cuatro últimos duelos en pista dura se fueron a cuatro o cinco sets. Ambos sacan por encima del 70 % de puntos ganados con el primer servicio y el resto de Alcaraz ha mejorado en pista rápida. Más de 3,5 sets a cuota 1.85, stake 3/10.',
  },
  {
    key: 'chiefs',
    icon: 'american-futball',
    title: 'Chiefs vs. Bills',
    hoursFromNow: 52,
    category: 'premium',
    analisis:
      'Buffalo ha cubierto el hándicap en siete de sus últimos nueve partidos como visitante y su pase defensivo es el tercero de la liga. Kansas City llega con bajas en la línea ofensiva. Bills +3 a cuota 1.91, stake 4/10.',
  },
  {
    key: 'yankees',
    icon: 'baseball',
    title: 'Yankees vs. Red Sox',
    hoursFromNow: 30,
    category: 'free',
    analisis:
      'Duelo de abridores zurdos con ERA por debajo de 3,00 en los últimos treinta días, viento soplando hacia dentro y un bullpen de Boston descansado. Menos de 8,5 carreras a cuota 1.87, stake 2/10.',
  },
  {
    key: 'oilers',
    icon: 'hockey',
    title: 'Oilers vs. Maple Leafs',
    hoursFromNow: 76,
    category: 'premium',
    analisis:
      'Edmonton marca en el primer periodo en el 68 % de sus partidos en casa y Toronto concede pronto fuera. Los dos powerplays están entre los cinco mejores. Ambos equipos marcan en el primer periodo a cuota 2.10, stake 2/10.',
  },
  {
    key: 'ufc',
    icon: 'mma',
    title: 'UFC: combate estelar',
    hoursFromNow: 100,
    category: 'premium',
    analisis:
      'Dos luchadores con gran cardio y defensa de derribos por encima del 80 %. Ninguno ha sido finalizado en sus últimos ocho combates. Victoria por decisión a cuota 1.95, stake 2/10.',
  },
  {
    key: 'lol',
    icon: 'esports',
    title: 'LEC: partido de G2 Esports',
    hoursFromNow: 9,
    category: 'free',
    analisis:
      'G2 gana el 75 % de sus primeros mapas cuando elige lado azul y su jungla domina la fase temprana. El rival viene de cambiar de support. G2 gana el mapa 1 a cuota 1.65, stake 2/10.',
  },
  {
    key: 'atletico',
    icon: 'football',
    title: 'Atlético de Madrid vs. Sevilla',
    hoursFromNow: 48,
    category: 'premium',
    analisis:
      'El Atlético suma diez partidos sin perder en casa y el Sevilla no ha ganado fuera en liga. La presión alta rojiblanca castiga la salida de balón sevillista. Victoria local a cuota 1.70, stake 4/10.',
  },
  {
    key: 'premier',
    icon: 'football',
    title: 'Arsenal vs. Liverpool',
    hoursFromNow: 54,
    category: 'premium',
    analisis:
      'Los dos equipos más goleadores de la Premier en las últimas cinco jornadas. Liverpool ha marcado en todos sus desplazamientos; el Arsenal concede a balón parado. Ambos marcan a cuota 1.68, stake 3/10.',
  },
  {
    key: 'warriors',
    icon: 'basketball',
    title: 'Warriors vs. Nuggets',
    hoursFromNow: 74,
    category: 'premium',
    analisis:
      'Ritmo alto en los últimos enfrentamientos (media de 234 puntos) y Denver sin su mejor defensor exterior. Golden State lanza más de 40 triples por partido en casa. Más de 228,5 puntos a cuota 1.88, stake 3/10.',
  },
  {
    key: 'ncaaf',
    icon: 'ncaaf',
    title: 'Alabama vs. Georgia',
    hoursFromNow: 124,
    category: 'premium',
    analisis:
      'Georgia llega invicta con la mejor defensa contra la carrera del país y un quarterback con 70 % de acierto. Alabama sufre fuera de casa ante defensas físicas. Georgia -2,5 a cuota 1.93, stake 3/10.',
  },
  {
    key: 'voley',
    icon: 'volleyball',
    title: 'Italia vs. Polonia',
    hoursFromNow: 150,
    category: 'free',
    analisis:
      'Las dos mejores selecciones del ranking mundial. Sus cinco últimos partidos han llegado al cuarto set. Más de 3,5 sets a cuota 1.60, stake 2/10.',
  },
  {
    key: 'boxeo',
    icon: 'boxing',
    title: 'Velada de Canelo Álvarez',
    hoursFromNow: -50,
    category: 'free',
    analisis:
      'El rival tiene buena mandíbula pero menos volumen de golpes. Canelo controla la distancia con el jab y castiga al cuerpo. Victoria por decisión a cuota 2.00, stake 2/10. Resultado: acertado.',
  },
  {
    key: 'golf',
    icon: 'golf',
    title: 'Masters de Augusta',
    hoursFromNow: -75,
    category: 'premium',
    analisis:
      'Líder del ranking en golpes ganados desde el tee y en el juego de hierros, y tres top 5 en sus últimas cuatro salidas en Augusta. Top 5 a cuota 2.40, stake 2/10. Resultado: acertado.',
  },
  {
    key: 'cricket',
    icon: 'cricket',
    title: 'India vs. Australia',
    hoursFromNow: -98,
    category: 'premium',
    analisis:
      'India es casi imbatible en casa con sus spinners en pistas secas y Australia viaja sin dos lanzadores rápidos. Victoria india a cuota 1.75, stake 3/10. Resultado: acertado.',
  },
  {
    key: 'nba-pasado',
    icon: 'basketball',
    title: 'Bucks vs. Heat',
    hoursFromNow: -120,
    category: 'premium',
    analisis:
      'Miami descansó a sus titulares en el partido anterior de la gira y Milwaukee domina el rebote ofensivo. Bucks -6,5 a cuota 1.90, stake 3/10. Resultado: fallado por dos puntos.',
  },
];

export const DEMO_PACKS = [
  {
    nombre: 'Pack Fin de Semana Europeo',
    descripcion:
      'Los cuatro partidos clave del fin de semana en fútbol europeo y tenis, con análisis completo y stake recomendado.',
    priceCents: 1999,
    tips: ['atletico', 'premier', 'alcaraz', 'oilers'],
  },
  {
    nombre: 'Pack Estados Unidos',
    descripcion:
      'NFL, NBA y NCAAF: tres pronósticos de la jornada americana más el combate estelar de UFC.',
    priceCents: 1499,
    tips: ['chiefs', 'warriors', 'ncaaf', 'ufc'],
  },
  {
    nombre: 'Pack Clásicos de la Semana Pasada',
    descripcion:
      'Los pronósticos VIP de la semana pasada: golf, críquet y NBA, ya con su resultado.',
    priceCents: 999,
    tips: ['golf', 'cricket', 'nba-pasado'],
  },
];

/** The demo's plans say what the code grants (decision 0097): the grant fields drive the
 * entitlement rule and the comparison; the features add only what every subscriber truly gets. */
export const DEMO_PLANS = [
  {
    key: 'basic',
    name: 'Packs VIP',
    priceCents: 999,
    durationMonths: 1,
    grantsAllVipTips: false,
    includesPacks: true,
    trialDays: 0,
    yearlyPriceCents: null,
    features: [
      'Los tips VIP de todos los packs a la venta, sin comprarlos',
      'Avisos de tips nuevos por e-mail, push o Telegram',
    ],
  },
  {
    key: 'premium',
    name: 'Todos los tips VIP',
    priceCents: 1999,
    durationMonths: 1,
    grantsAllVipTips: true,
    includesPacks: true,
    trialDays: 7,
    // Also sold by the year (decision 0099): against 12 × $19.99 it saves 25 %, which the pages
    // compute from the two prices.
    yearlyPriceCents: 17999,
    features: [
      'Todos los tips VIP, también los de los packs',
      'Análisis completo con cuota y stake recomendado',
      'Avisos de tips nuevos por e-mail, push o Telegram',
    ],
  },
  {
    key: 'vip',
    name: 'Todos los tips VIP · 3 meses',
    priceCents: 4999,
    durationMonths: 3,
    grantsAllVipTips: true,
    includesPacks: true,
    trialDays: 0,
    yearlyPriceCents: null,
    features: [
      'Todos los tips VIP, también los de los packs',
      'Un solo cobro cada 3 meses',
      'Avisos de tips nuevos por e-mail, push o Telegram',
    ],
  },
];
