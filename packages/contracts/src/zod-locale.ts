import { z } from 'zod';
import { zhCN } from 'zod/locales';

// Validation messages in Chinese for every schema, on the server and in the browser.
z.config(zhCN());

// In the browser, zod never compiles parsers with `new Function`: the pages' Content-Security-Policy
// forbids eval (docs/decisions/0017-security-headers-and-csp-nonces.md). The server keeps the faster
// compiled parsers.
if ('document' in globalThis) z.config({ jitless: true });
