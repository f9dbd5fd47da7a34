import { createCache, extractStyle, StyleProvider } from '@ant-design/cssinjs';
import { PassThrough } from 'node:stream';
import { renderToPipeableStream } from 'react-dom/server';
import { ServerRouter, type AppLoadContext, type EntryContext } from 'react-router';
import { NonceProvider } from './lib/csp-nonce';

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
  loadContext: AppLoadContext,
) {
  // The response's CSP nonce (set by the server): on React Router's scripts, React's own and antd's styles.
  const nonce = loadContext.cspNonce;
  if (request.method.toUpperCase() === 'HEAD') {
    // The headers a GET would have (its policy among them), without rendering the body.
    responseHeaders.set('Content-Type', 'text/html; charset=utf-8');
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }

  return new Promise<Response>((resolve, reject) => {
    let status = responseStatusCode;
    const timeout = setTimeout(() => abort(), streamTimeout + 1000);
    const { pipe, abort } = renderToPipeableStream(
      <NonceProvider value={nonce}>
        <StyleProvider cache={styleCache}>
          <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
        </StyleProvider>
      </NonceProvider>,
      {
        nonce,
        onAllReady() {
          const sink = new PassThrough();
          const chunks: Buffer[] = [];
          sink.on('data', (chunk: Buffer) => chunks.push(chunk));
          sink.on('error', reject);
          sink.on('end', () => {
            clearTimeout(timeout);
            const html = Buffer.concat(chunks).toString('utf8');
            const styles = withNonce(extractStyle(styleCache), nonce);
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

/** Gives every <style> element of antd's extracted styles the response's nonce. */
function withNonce(styles: string, nonce: string): string {
  return styles.replace(/<style(?![^>]*\snonce=)/g, `<style nonce="${nonce}"`);
}
