// Test support (imported by *.test.ts only): the few Stripe endpoints a verification reads,
// answered the way Stripe does (lists newest first, cursor pagination, range filters), so the
// real SDK can be pointed at it through STRIPE_API_URL.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

type Listed = { id: string; created: number } & Record<string, unknown>;

export type StripeDoubleData = {
  balance: {
    available: { amount: number; currency: string }[];
    pending: { amount: number; currency: string }[];
  };
  balanceTransactions: Listed[];
  payouts: Listed[];
  disputes: Listed[];
};

export type StripeDouble = {
  url: string;
  data: StripeDoubleData;
  /** Every request: path, query and the key it was sent with. */
  requests: { path: string; query: URLSearchParams; authorization: string | undefined }[];
  /** Paths that answer 500 like a Stripe outage. */
  failing: Set<string>;
  close(): Promise<void>;
};

/** Stripe pages at most `limit` items; the double pages at most this many so a handful of test
 * items already needs the SDK's auto-pagination. */
const PAGE_SIZE = 2;

function inRange(value: number, query: URLSearchParams, field: string): boolean {
  const gte = query.get(`${field}[gte]`);
  const lte = query.get(`${field}[lte]`);
  if (gte !== null && value < Number(gte)) return false;
  if (lte !== null && value > Number(lte)) return false;
  return true;
}

function list(items: Listed[], query: URLSearchParams, path: string, rangeField: string) {
  const sorted = items
    .filter((item) => inRange(Number(item[rangeField] ?? item.created), query, rangeField))
    .sort((a, b) => b.created - a.created || (a.id < b.id ? 1 : -1));
  const after = query.get('starting_after');
  const start = after ? sorted.findIndex((item) => item.id === after) + 1 : 0;
  const limit = Math.min(Number(query.get('limit') ?? 10), PAGE_SIZE);
  const data = sorted.slice(start, start + limit);
  return { object: 'list', url: path, has_more: start + limit < sorted.length, data };
}

export async function startStripeDouble(data: StripeDoubleData): Promise<StripeDouble> {
  const requests: StripeDouble['requests'] = [];
  const failing = new Set<string>();

  const handle = (req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', 'http://stripe.test');
    requests.push({
      path: url.pathname,
      query: url.searchParams,
      authorization: req.headers.authorization,
    });
    const send = (status: number, body: unknown) => {
      res.writeHead(status, {
        'content-type': 'application/json',
        'request-id': `req_${requests.length}`,
      });
      res.end(JSON.stringify(body));
    };
    if (req.method !== 'GET')
      return send(405, { error: { type: 'invalid_request_error', message: 'method' } });
    if (failing.has(url.pathname))
      return send(500, { error: { type: 'api_error', message: 'Stripe is down' } });
    switch (url.pathname) {
      case '/v1/balance':
        return send(200, { object: 'balance', livemode: false, ...data.balance });
      case '/v1/balance_transactions':
        return send(200, list(data.balanceTransactions, url.searchParams, url.pathname, 'created'));
      case '/v1/payouts':
        return send(200, list(data.payouts, url.searchParams, url.pathname, 'arrival_date'));
      case '/v1/disputes':
        return send(200, list(data.disputes, url.searchParams, url.pathname, 'created'));
      default:
        return send(404, {
          error: {
            type: 'invalid_request_error',
            message: `Unrecognized request URL (GET: ${url.pathname})`,
          },
        });
    }
  };

  const server: Server = createServer(handle);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    data,
    requests,
    failing,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

const seconds = (date: Date) => Math.floor(date.getTime() / 1000);
let sequence = 0;

/** A balance transaction as Stripe lists it. */
export function balanceTransaction(
  type: 'charge' | 'refund' | 'payout' | 'adjustment',
  at: Date,
  amount: number,
  fee: number,
  currency = 'usd',
): Listed {
  sequence += 1;
  return {
    id: `txn_${sequence}`,
    object: 'balance_transaction',
    amount,
    fee,
    net: amount - fee,
    currency,
    type,
    reporting_category: type,
    status: 'available',
    created: seconds(at),
    available_on: seconds(at) + 2 * 86_400,
  };
}

export function payout(arrival: Date, amount: number, status = 'paid', currency = 'usd'): Listed {
  sequence += 1;
  return {
    id: `po_${sequence}`,
    object: 'payout',
    amount,
    currency,
    status,
    arrival_date: seconds(arrival),
    created: seconds(arrival) - 86_400,
  };
}

export function dispute(
  at: Date,
  amount: number,
  status: string,
  reason: string,
  currency = 'usd',
): Listed {
  sequence += 1;
  return {
    id: `dp_${sequence}`,
    object: 'dispute',
    amount,
    currency,
    status,
    reason,
    created: seconds(at),
  };
}
