import { QueryClient, queryOptions } from '@tanstack/react-query';
import { beforeEach, describe, expect, it, vi } from 'vitest';

const state = vi.hoisted((): { token: string | undefined; client: unknown } => ({ token: undefined, client: undefined }));
vi.mock('./session', () => ({ readToken: () => state.token }));
vi.mock('../../lib/query-client', () => ({ getQueryClient: () => state.client }));

const { loadSignedInQueries } = await import('./signed-in-queries');

describe('loadSignedInQueries (clientLoader of the guarded pages)', () => {
  let client: QueryClient;
  beforeEach(() => {
    client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    state.client = client;
  });

  it('asks nothing without a token (the guard sends the visitor to /login)', async () => {
    state.token = undefined;
    const queryFn = vi.fn(async () => 'profile');
    await expect(
      loadSignedInQueries((ensure) => [ensure(queryOptions({ queryKey: ['me', 'profile'], queryFn }))]),
    ).resolves.toBeNull();
    expect(queryFn).not.toHaveBeenCalled();
    expect(client.getQueryData(['me', 'profile'])).toBeUndefined();
  });

  it('fills the shared cache with the pages’ queries and leaves a failure to the page', async () => {
    state.token = 'token';
    const failing = vi.fn(async () => {
      throw new Error('服务暂时不可用');
    });
    await expect(
      loadSignedInQueries((ensure) => [
        ensure(queryOptions({ queryKey: ['me', 'profile'], queryFn: async () => 'profile' })),
        ensure(queryOptions({ queryKey: ['me', 'summary'], queryFn: failing })),
      ]),
    ).resolves.toBeNull();
    expect(client.getQueryData(['me', 'profile'])).toBe('profile');
    expect(failing).toHaveBeenCalledOnce();
    expect(client.getQueryState(['me', 'summary'])?.status).toBe('error');
  });
});
