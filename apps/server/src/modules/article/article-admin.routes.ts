import { ARTICLE_IMAGE_MAX_BYTES } from '@fuliaotong/contracts';
import { endpointRoutes } from '../../http/endpoint-routes.js';
import { AppError } from '../../http/errors.js';
import { readUpload, sendImage } from '../../http/uploads.js';
import { actorOf } from '../account/auth.guard.js';
import type { ArticleAdminService } from './article-admin.service.js';

/** The articles desk (editors), and the images of articles' text (public). */
export const articleAdminRoutes = endpointRoutes<{ articles: ArticleAdminService }>((route, { articles }) => {
  route('adminNewsList', async (request) => articles.list('news', request.query));
  route('adminNewsGet', async (request) => articles.news(request.params.id));
  route('adminNewsCreate', async (request, reply) => reply.code(201).send(await articles.createNews(actorOf(request), request.body)));
  route('adminNewsUpdate', async (request) => articles.updateNews(actorOf(request), request.params.id, request.body));
  route('adminRegulationList', async (request) => articles.list('regulation', request.query));
  route('adminRegulationGet', async (request) => articles.regulation(request.params.id));
  route('adminRegulationCreate', async (request, reply) =>
    reply.code(201).send(await articles.createRegulation(actorOf(request), request.body)),
  );
  route('adminRegulationUpdate', async (request) => articles.updateRegulation(actorOf(request), request.params.id, request.body));
  route('adminArticleImageUpload', async (request, reply) => {
    const { bytes } = await readUpload(request, { maxBytes: ARTICLE_IMAGE_MAX_BYTES, what: '图片' });
    return reply.code(201).send(await articles.uploadImage(actorOf(request), bytes));
  });
  route('articleImage', async (request, reply) => {
    const image = await articles.image(request.params.name);
    if (!image) throw new AppError('not_found', '图片不存在');
    return sendImage(reply, image);
  });
});
