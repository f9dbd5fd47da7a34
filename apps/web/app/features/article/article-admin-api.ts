import type { AdminArticleQuery, AdminNews, AdminRegulation, ArticleImageUpload, NewsBody, RegulationBody } from '@fuliaotong/contracts';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api';
import { queryKeys } from '../../lib/query-keys';

/* The articles desk (editors): news and regulations. */

export type ArticleKind = 'news' | 'regulation';
export const ARTICLES_PAGE_SIZE = 20;

export const articleAdminApi = {
  list: (kind: ArticleKind, query: AdminArticleQuery) =>
    kind === 'news' ? api().call('adminNewsList', { query }) : api().call('adminRegulationList', { query }),
  news: (id: number) => api().call('adminNewsGet', { params: { id } }),
  regulation: (id: number) => api().call('adminRegulationGet', { params: { id } }),
  saveNews: (id: number | undefined, body: NewsBody) =>
    id === undefined ? api().call('adminNewsCreate', { body }) : api().call('adminNewsUpdate', { params: { id }, body }),
  saveRegulation: (id: number | undefined, body: RegulationBody) =>
    id === undefined ? api().call('adminRegulationCreate', { body }) : api().call('adminRegulationUpdate', { params: { id }, body }),
};

export function uploadArticleImage(file: File): Promise<ArticleImageUpload> {
  const form = new FormData();
  form.append('file', file, file.name);
  return api().call('adminArticleImageUpload', { body: form });
}

export function useAdminArticles(kind: ArticleKind, query: AdminArticleQuery) {
  return useQuery(
    queryOptions({
      queryKey: queryKeys.adminArticlePage(kind, query),
      queryFn: () => articleAdminApi.list(kind, query),
      placeholderData: keepPreviousData,
    }),
  );
}

export function useAdminNews(id: number | undefined) {
  return useQuery({
    queryKey: queryKeys.adminArticle('news', id ?? 0),
    queryFn: () => articleAdminApi.news(id!),
    enabled: id !== undefined,
    retry: false,
  });
}

export function useAdminRegulation(id: number | undefined) {
  return useQuery({
    queryKey: queryKeys.adminArticle('regulation', id ?? 0),
    queryFn: () => articleAdminApi.regulation(id!),
    enabled: id !== undefined,
    retry: false,
  });
}

/**
 * A saved article: the desk shows the stored version, its list is read again, and the public pages
 * this browser holds (lists, the article, home, search) are forgotten, so they show the change.
 */
function useArticleChange<Args, Saved extends AdminNews | AdminRegulation>(kind: ArticleKind, save: (args: Args) => Promise<Saved>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: save,
    onSuccess: async (article) => {
      queryClient.setQueryData(queryKeys.adminArticle(kind, article.id), article);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.adminArticles() }),
        queryClient.invalidateQueries({ queryKey: kind === 'news' ? queryKeys.news() : queryKeys.regulations() }),
        queryClient.invalidateQueries({ queryKey: queryKeys.home() }),
      ]);
    },
  });
}

export function useSaveNews() {
  return useArticleChange('news', ({ id, body }: { id: number | undefined; body: NewsBody }) => articleAdminApi.saveNews(id, body));
}

export function useSaveRegulation() {
  return useArticleChange('regulation', ({ id, body }: { id: number | undefined; body: RegulationBody }) =>
    articleAdminApi.saveRegulation(id, body),
  );
}
