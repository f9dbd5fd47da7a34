import type { AdminArticleQuery, AdminNews, AdminRegulation, ArticleImageUpload, NewsBody, RegulationBody } from '@fuliaotong/contracts';
import { paths, withQuery } from '@fuliaotong/contracts/constants';
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api';
import { queryKeys } from '../../lib/query-keys';

/* The articles desk (editors): news and regulations. */

export type ArticleKind = 'news' | 'regulation';
export const ARTICLES_PAGE_SIZE = 20;

/** Where the public reads an article (editors may open a draft there as a preview). */
export const articlePublicUrl = (kind: ArticleKind, id: number) =>
  withQuery(kind === 'news' ? paths.topNewsDetail : paths.topRegulations, { id });

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

export const adminArticlesQuery = (kind: ArticleKind, query: AdminArticleQuery) =>
  queryOptions({
    queryKey: queryKeys.adminArticlePage(kind, query),
    queryFn: () => articleAdminApi.list(kind, query),
    placeholderData: keepPreviousData,
  });

export const adminNewsQuery = (id: number) =>
  queryOptions({ queryKey: queryKeys.adminArticle('news', id), queryFn: () => articleAdminApi.news(id), retry: false });

export const adminRegulationQuery = (id: number) =>
  queryOptions({ queryKey: queryKeys.adminArticle('regulation', id), queryFn: () => articleAdminApi.regulation(id), retry: false });

/** What the articles desk saves: a news item or a regulation, new (no id) or changed. */
export type ArticleSave =
  | { kind: 'news'; id: number | undefined; body: NewsBody }
  | { kind: 'regulation'; id: number | undefined; body: RegulationBody };

/**
 * A saved article: the desk shows the stored version, its list is read again, and the public pages
 * this browser holds (lists, the article, home, search) are forgotten, so they show the change.
 */
export function useSaveArticle() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (save: ArticleSave): Promise<AdminNews | AdminRegulation> =>
      save.kind === 'news' ? articleAdminApi.saveNews(save.id, save.body) : articleAdminApi.saveRegulation(save.id, save.body),
    onSuccess: async (article, { kind }) => {
      queryClient.setQueryData(queryKeys.adminArticle(kind, article.id), article);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.adminArticles() }),
        queryClient.invalidateQueries({ queryKey: kind === 'news' ? queryKeys.news() : queryKeys.regulations() }),
        queryClient.invalidateQueries({ queryKey: queryKeys.home() }),
      ]);
    },
  });
}
