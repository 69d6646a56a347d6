import { randomInt } from 'node:crypto';
import type { InstanceInfo } from './context';

export type Reply = { status: number; body: unknown; headers: Headers };

/** A client address of its own for each scenario: the instances believe one proxy hop
 * (TRUST_PROXY=1), so per-IP rate-limit counters of one file never spill into another. */
export const randomIp = (): string => `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`;

/** Calls one instance directly, as a load balancer forwarding a browser's request would. */
export async function call(
  instance: InstanceInfo,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  pathname: string,
  opts: { ip: string; token?: string; json?: object; form?: Record<string, string> },
): Promise<Reply> {
  const headers: Record<string, string> = { 'x-forwarded-for': opts.ip };
  if (opts.token) headers.authorization = `Bearer ${opts.token}`;
  let body: string | undefined;
  if (opts.json) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(opts.json);
  } else if (opts.form) {
    headers['content-type'] = 'application/x-www-form-urlencoded';
    body = new URLSearchParams(opts.form).toString();
  }
  const res = await fetch(`${instance.url}${pathname}`, {
    method,
    headers,
    body,
    redirect: 'manual',
  });
  const text = await res.text();
  const type = res.headers.get('content-type') ?? '';
  return {
    status: res.status,
    body: type.includes('application/json') && text ? JSON.parse(text) : text,
    headers: res.headers,
  };
}

/** Whether anything still listens at the instance's address. */
export async function answers(instance: InstanceInfo): Promise<boolean> {
  try {
    await fetch(`${instance.url}/api/health`, { signal: AbortSignal.timeout(2_000) });
    return true;
  } catch {
    return false;
  }
}
