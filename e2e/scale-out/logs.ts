import { readFileSync } from 'node:fs';

/** One pino line of an instance's output (other lines, e.g. a crash on stderr, are skipped). */
export type LogLine = { level: number; time: number; msg: string; [field: string]: unknown };

function parse(line: string): LogLine | null {
  if (!line.startsWith('{')) return null;
  try {
    const value: unknown = JSON.parse(line);
    if (typeof value !== 'object' || value === null) return null;
    const record = value as Record<string, unknown>;
    if (typeof record.level !== 'number' || typeof record.time !== 'number') return null;
    return {
      ...record,
      level: record.level,
      time: record.time,
      msg: typeof record.msg === 'string' ? record.msg : '',
    };
  } catch {
    // A line cut short by a SIGKILL.
    return null;
  }
}

/** Every structured line the instance has written so far, oldest first. */
export function readLog(logFile: string): LogLine[] {
  return readFileSync(logFile, 'utf8')
    .split('\n')
    .map(parse)
    .filter((line): line is LogLine => line !== null);
}

/** Lines whose `field` is present (e.g. `migrations`, `lock`), optionally only after `since` (ms). */
export function linesWith(logFile: string, field: string, since = 0): LogLine[] {
  return readLog(logFile).filter((line) => field in line && line.time >= since);
}
