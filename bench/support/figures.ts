import fs from 'node:fs';
import path from 'node:path';

export interface Figure {
  value: number;
  unit: string;
  /** The goal as written in the issue, e.g. "≥ 0.30" or "≤ 1.1". */
  goal: string;
}

export const LATEST = path.join(__dirname, '..', 'latest.json');

/** True for `npm run bench -- --quick`: cases use fewer iterations. */
export const QUICK = process.env.BENCH_QUICK === '1';

/** Records one figure into bench/latest.json (`{"figures": {name: {value, unit, goal}}}`). */
export function recordFigure(name: string, figure: Figure): void {
  const current = fs.existsSync(LATEST)
    ? (JSON.parse(fs.readFileSync(LATEST, 'utf8')) as { figures: Record<string, Figure> })
    : { figures: {} };
  current.figures[name] = { ...figure, value: Math.round(figure.value * 1000) / 1000 };
  fs.writeFileSync(LATEST, `${JSON.stringify(current, null, 2)}\n`);
  process.stdout.write(
    `bench: ${name} = ${current.figures[name].value} ${figure.unit} (goal ${figure.goal})\n`,
  );
}
