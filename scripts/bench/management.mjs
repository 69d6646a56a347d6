// The editors' list as the panel walks it (issue 17 item 3, decision 0056): the first page by
// number (SPEC.md's callers), then by match date: the top, a date jump half-way between the
// newest and the oldest match, and "Siguientes" from there (a deep keyset page). The cursors
// and dates are read from the running server, so each database size gets its own.

async function getList(url, headers, query) {
  const res = await fetch(`${url}/api/tips?management=true&${query}`, { headers });
  if (!res.ok) throw new Error(`/api/tips?management=true&${query} answered ${res.status}`);
  return res.json();
}

/** The oldest match: a jump before every tip gives an empty page whose "Anteriores" is the
 * list's last page, and that page's last tip is the oldest. */
async function oldestMatch(url, headers) {
  const empty = await getList(
    url,
    headers,
    `from=${encodeURIComponent('1970-01-01T00:00:00.000Z')}`,
  );
  if (!empty.pagination.previous) throw new Error('the list offers no page before 1970');
  const last = await getList(url, headers, `before=${empty.pagination.previous}`);
  return new Date(last.tips.at(-1).matchDate);
}

/** [name, path] pairs, in the same order at every size: the scale comparison pairs by position. */
export async function managementPages(url, headers) {
  const top = await getList(url, headers, 'order=match');
  const newest = new Date(top.tips[0].matchDate);
  const oldest = await oldestMatch(url, headers);
  const middle = new Date((newest.getTime() + oldest.getTime()) / 2).toISOString();
  const jump = await getList(url, headers, `from=${encodeURIComponent(middle)}`);
  if (!jump.pagination.next) throw new Error(`the jump to ${middle} offers no next page`);
  return [
    ['gestión p1 (editor)', '/api/tips?management=true&page=1'],
    ['gestión por partido: primera (editor)', '/api/tips?management=true&order=match'],
    [
      'gestión: salto a la fecha media (editor)',
      `/api/tips?management=true&from=${encodeURIComponent(middle)}`,
    ],
    [
      'gestión: Siguientes desde la fecha media (editor)',
      `/api/tips?management=true&after=${jump.pagination.next}`,
    ],
  ];
}

/** A VIP tip by id, as the tip page and the modal read it (item 2): the subscriber's first. */
export async function oneTipPath(url, headers) {
  const res = await fetch(`${url}/api/packs/tips-vips`, { headers });
  if (!res.ok) throw new Error(`/api/packs/tips-vips answered ${res.status}`);
  const { tips } = await res.json();
  if (!tips?.length) throw new Error('the subscriber sees no VIP tip to read by id');
  return `/api/tips/${tips[0]._id}`;
}
