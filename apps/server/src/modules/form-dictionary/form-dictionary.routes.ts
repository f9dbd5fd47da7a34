import { endpointRoutes } from '../../http/endpoint-routes.js';
import type { FormDictionaryService } from './form-dictionary.service.js';

/** The option lists of the sample application form. */
export const formDictionaryRoutes = endpointRoutes<{ dictionary: FormDictionaryService }>((route, { dictionary }) => {
  route('formDictionary', async () => dictionary.list());
});
