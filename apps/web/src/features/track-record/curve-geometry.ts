// The profit curve's geometry, in percentages of the plot (0–100 on both axes): the SVG
// stretches to any width (preserveAspectRatio="none") and the axis labels are HTML placed at
// the same percentages, so text stays crisp and readable at 390 px as at 1280 px.

export type CurvePoint = { date: string; cumulativeUnits: number };

export type CurveTick = { units: number; y: number };

export type CurveGeometry = {
  /** The line, starting at 0 u before the first settled day. */
  line: string;
  /** The same line closed along the zero line, for the shaded area. */
  area: string;
  /** Where 0 u sits. */
  zeroY: number;
  ticks: CurveTick[];
  /** The lowest and highest cumulative profit reached, for the text description. */
  lowest: number;
  highest: number;
};

const DAY_MS = 86_400_000;

function dayNumber(date: string): number {
  return Math.round(Date.parse(`${date}T00:00:00Z`) / DAY_MS);
}

/** A round step giving about `count` intervals over `span` (1, 2, 2,5 or 5 × 10ⁿ). */
export function niceStep(span: number, count = 4): number {
  if (!(span > 0)) return 1;
  const raw = span / count;
  const power = 10 ** Math.floor(Math.log10(raw));
  const step = [1, 2, 2.5, 5, 10].find((m) => m * power >= raw) ?? 10;
  return step * power;
}

const round = (n: number) => Math.round(n * 100) / 100;

export function curveGeometry(points: readonly CurvePoint[]): CurveGeometry | null {
  const days = points.map((p) => dayNumber(p.date));
  const [first] = days;
  const lastDay = days.at(-1);
  if (first === undefined || lastDay === undefined) return null;
  // The curve starts at zero the day before the first result: the record begins empty.
  const firstDay = first - 1;
  const spanDays = Math.max(1, lastDay - firstDay);

  const values = points.map((p) => p.cumulativeUnits);
  const step = niceStep(Math.max(...values, 0) - Math.min(...values, 0) || 1);
  const max = Math.ceil(Math.max(...values, 0) / step) * step || step;
  const min = Math.floor(Math.min(...values, 0) / step) * step;
  const span = max - min;

  const x = (day: number) => round(((day - firstDay) / spanDays) * 100);
  const y = (units: number) => round(((max - units) / span) * 100);
  const zeroY = y(0);

  const coords = [
    `0,${zeroY}`,
    ...points.map((p, i) => `${x(days[i] ?? lastDay)},${y(p.cumulativeUnits)}`),
  ];
  const line = `M${coords.join('L')}`;
  const area = `${line}L${x(lastDay)},${zeroY}Z`;

  const ticks: CurveTick[] = [];
  for (let units = max; units >= min - step / 2; units -= step) {
    ticks.push({ units: round(units), y: y(units) });
  }
  return {
    line,
    area,
    zeroY,
    ticks,
    lowest: Math.min(...values),
    highest: Math.max(...values),
  };
}
