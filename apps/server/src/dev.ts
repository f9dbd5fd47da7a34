/**
 * `npm run dev`: the server with the web app served from its sources (Vite, hot reload), run by
 * `tsx watch`, which restarts it when server code changes. Sets its variables itself rather than
 * through cross-env: a second process relaying Ctrl-C makes `tsx watch` kill the server before it
 * has closed the embedded database.
 */
process.env.NODE_ENV ??= 'development';
process.env.WEB_DEV_SERVER ??= 'true';
await import('./main.js');
