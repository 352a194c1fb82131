import { describe, expect, it } from 'vitest';
import { createScrollStore, SCROLL_STORE_LIMIT, scrollTargetFor } from './scroll-store';
import type { KeyValueStorage } from './storage';

function memoryStorage(): KeyValueStorage & { data: Map<string, string> } {
  const data = new Map<string, string>();
  return {
    data,
    getItem: (k) => data.get(k) ?? null,
    setItem: (k, v) => void data.set(k, v),
    removeItem: (k) => void data.delete(k),
  };
}

describe('route scroll positions', () => {
  it('R-000-routes-2: the scroll position is remembered per path, in local storage', () => {
    const storage = memoryStorage();
    const store = createScrollStore(storage, 'scroll');
    store.save('/', 1200);
    store.save('/explore/', 300.6);
    expect(store.get('/')).toBe(1200);
    expect(store.get('/explore/')).toBe(301);
    expect(store.get('/direct/inbox/')).toBeNull();
    expect(createScrollStore(storage, 'scroll').get('/')).toBe(1200);
    expect(JSON.parse(storage.data.get('scroll') ?? '{}')).toMatchObject({ '/': 1200 });
  });

  it('R-000-routes-2: only the most recent paths are kept', () => {
    const store = createScrollStore(memoryStorage(), 'scroll');
    for (let i = 0; i <= SCROLL_STORE_LIMIT; i += 1) store.save(`/p/${i}/`, i);
    expect(store.get('/p/0/')).toBeNull();
    expect(store.get(`/p/${SCROLL_STORE_LIMIT}/`)).toBe(SCROLL_STORE_LIMIT);
  });

  it('R-000-routes-3: back navigation restores the remembered position', () => {
    expect(scrollTargetFor('POP', null, 850)).toBe(850);
    expect(scrollTargetFor('POP', null, null)).toBe(0);
  });

  it('R-000-routes-3: a navigation that asks for it restores; others go to the top', () => {
    expect(scrollTargetFor('PUSH', { restoreScroll: true }, 420)).toBe(420);
    expect(scrollTargetFor('PUSH', null, 420)).toBe(0);
    expect(scrollTargetFor('REPLACE', { restoreScroll: 'yes' }, 420)).toBe(0);
  });

  it('R-000-routes-2: broken storage content is ignored', () => {
    const storage = memoryStorage();
    storage.setItem('scroll', '{not json');
    expect(createScrollStore(storage, 'scroll').get('/')).toBeNull();
  });
});
