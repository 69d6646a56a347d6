import { inject } from 'vitest';

/** How long each instance reuses a read (READ_CACHE_TTL_MS, the product's default): the most
 * another instance's change may take to show (docs/decisions/0018). */
export const READ_CACHE_TTL_MS = 2_000;

/** One running server process of the pair, as the global setup started it. */
export type InstanceInfo = {
  name: 'A' | 'B';
  /** http://127.0.0.1:<port>: this instance alone, as a load balancer would reach it. */
  url: string;
  pid: number;
  /** Its stdout and stderr (pino JSON lines). */
  logFile: string;
  /** Its own DATA_DIR, as on a machine of its own: e-mails land in outbox/ there. */
  dataDir: string;
  port: number;
  /** Its environment, for a test that starts it again after killing it. */
  env: Record<string, string>;
};

export type ScaleOutContext = {
  instances: [InstanceInfo, InstanceInfo];
  /** The scratch database both instances share (dropped after the run). */
  databaseUrl: string;
  /** The Redis database both instances share (flushed before and after the run). */
  redisUrl: string;
  /** The public address both are configured with (a load balancer that does not exist here). */
  appUrl: string;
  paymentJobIntervalMs: number;
};

declare module 'vitest' {
  export interface ProvidedContext {
    scaleOut: ScaleOutContext;
  }
}

/** The pair and its shared stores, for tests. */
export function scaleOut(): ScaleOutContext & { a: InstanceInfo; b: InstanceInfo } {
  const ctx = inject('scaleOut');
  return { ...ctx, a: ctx.instances[0], b: ctx.instances[1] };
}
