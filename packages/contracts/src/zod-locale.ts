import { z } from 'zod';
import { zhCN } from 'zod/locales';

// Validation messages in Chinese for every schema, on the server and in the browser.
z.config(zhCN());
