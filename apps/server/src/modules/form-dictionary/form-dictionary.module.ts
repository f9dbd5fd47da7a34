import { defineModule } from '../../kernel/module.js';
import { FormDictionaryRepository } from './form-dictionary.repository.js';
import { formDictionaryRoutes } from './form-dictionary.routes.js';
import * as tables from './form-dictionary.schema.js';
import { FormDictionaryService } from './form-dictionary.service.js';

declare module '../../kernel/module.js' {
  interface Services {
    /** The sample application form's option lists. */
    dictionary: FormDictionaryService;
  }
}

export const formDictionaryModule = defineModule({
  name: 'form-dictionary',
  tables: [tables],
  provide: ({ db }) => ({ dictionary: new FormDictionaryService(new FormDictionaryRepository(db)) }),
  routes: async (app, { services }) => app.register(formDictionaryRoutes, { dictionary: services.dictionary, guard: services.guard }),
});
