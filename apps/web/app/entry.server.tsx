import { createReadableStreamFromReadable } from '@react-router/node';
import { PassThrough } from 'node:stream';
import { renderToPipeableStream } from 'react-dom/server';
import { ServerRouter, type AppLoadContext, type EntryContext } from 'react-router';
import { declaredShared } from '@fuliaotong/contracts/constants';

export const streamTimeout = 5_000;

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: AppLoadContext,
) {
  // A page rendered for one response carries that response's CSP nonce on its scripts. A page declared
  // the same for every visitor (site/page-caching.ts) carries none: its bytes must be the same from every
  // render, and the server lets its inline scripts in by their hashes (docs/decisions/0060). antd's styles
  // are a stylesheet made at build time (root.tsx imports it): nothing is added to the HTML.
  const nonce = declaredShared(responseHeaders.get('Cache-Control')) ? undefined : loadContext.cspNonce;
  responseHeaders.set('Content-Type', 'text/html; charset=utf-8');

  return new Promise<Response>((resolve, reject) => {
    let status = responseStatusCode;
    const timeout = setTimeout(() => abort(), streamTimeout + 1000);
    // The whole page is rendered before it is sent: its status is final, and a loader's error
    // still becomes the error view with its status.
    const { pipe, abort } = renderToPipeableStream(<ServerRouter context={routerContext} url={request.url} nonce={nonce} />, {
      nonce,
      onAllReady() {
        const body = new PassThrough();
        body.on('end', () => clearTimeout(timeout));
        resolve(new Response(createReadableStreamFromReadable(body), { headers: responseHeaders, status }));
        pipe(body);
      },
      onShellError(error: unknown) {
        clearTimeout(timeout);
        reject(error instanceof Error ? error : new Error(String(error)));
      },
      onError(error: unknown) {
        status = 500;
        console.error(error);
      },
    });
  });
}
