import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { FormDicList } from '@fuliaotong/contracts';
import type { FormDictionaryService } from './form-dictionary.service.js';

export interface FormDictionaryRoutesOptions {
  dictionary: FormDictionaryService;
}

export const formDictionaryRoutes: FastifyPluginAsyncZod<FormDictionaryRoutesOptions> = async (app, { dictionary }) => {
  app.get(
    '/api/app/no-token-interface/form-dic-list',
    {
      schema: {
        tags: ['sample'],
        summary: '样品申请表的选项（申请用途、剂型、研发阶段、单位类型；无需登录）',
        response: { 200: FormDicList },
      },
    },
    async () => dictionary.list(),
  );
};
