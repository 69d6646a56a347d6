// Test support for the tips panel's tests (imported by *.test.tsx only, so never bundled).
import { renderWithApp, storeSession } from '../../../../test/utils';
import { fakeApi, type FakeRequest } from '../../../../test/fake-api';
import { TipsPanel } from '../tips/tips-panel';
import { EDITOR, managementTip, tipsByMatch } from './fixtures';

const PAGE_1 = Array.from({ length: 10 }, (_, i) => managementTip(i + 1));
const PAGE_2 = [managementTip(11), managementTip(12, { isPublished: false })];

/** The list by match date: the top page, and the one after cursor 'c1' (and back). */
export function listHandler(request: FakeRequest) {
  return request.query.get('after') === 'c1'
    ? { body: tipsByMatch(PAGE_2, 12, { previous: 'c2' }) }
    : { body: tipsByMatch(PAGE_1, 12, { next: 'c1' }) };
}

export function renderPanel(handlers: Parameters<typeof fakeApi>[0]) {
  storeSession(EDITOR);
  const api = fakeApi(
    {
      'GET /alerts/audience': { body: { success: true, category: 'free', readers: 12 } },
      ...handlers,
    },
    { user: EDITOR },
  );
  renderWithApp(<TipsPanel />);
  return api;
}
