import { createCache, extractStyle, StyleProvider } from '@ant-design/cssinjs';
import { PassThrough } from 'node:stream';
import { renderToPipeableStream } from 'react-dom/server';
import { ServerRouter, type EntryContext } from 'react-router';

export const streamTimeout = 5_000;

/**
 * One antd style cache for the whole process: every render reuses the styles already computed, and
 * the page carries them in its <head> (see docs/decisions). The page is rendered completely before it
 * is sent, so that the styles of everything on it are known.
 */
const styleCache = createCache();

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
) {
  if (request.method.toUpperCase() === 'HEAD') {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }

  return new Promise<Response>((resolve, reject) => {
    let status = responseStatusCode;
    const timeout = setTimeout(() => abort(), streamTimeout + 1000);
    const { pipe, abort } = renderToPipeableStream(
      <StyleProvider cache={styleCache}>
        <ServerRouter context={routerContext} url={request.url} />
      </StyleProvider>,
      {
        onAllReady() {
          const sink = new PassThrough();
          const chunks: Buffer[] = [];
          sink.on('data', (chunk: Buffer) => chunks.push(chunk));
          sink.on('error', reject);
          sink.on('end', () => {
            clearTimeout(timeout);
            const html = Buffer.concat(chunks).toString('utf8');
            const styles = extractStyle(styleCache);
            const at = html.indexOf('</head>');
            const page = at < 0 ? html : html.slice(0, at) + styles + html.slice(at);
            responseHeaders.set('Content-Type', 'text/html; charset=utf-8');
            resolve(new Response(page, { headers: responseHeaders, status }));
          });
          pipe(sink);
        },
        onShellError(error: unknown) {
          clearTimeout(timeout);
          reject(error instanceof Error ? error : new Error(String(error)));
        },
        onError(error: unknown) {
          status = 500;
          console.error(error);
        },
      },
    );
  });
}
