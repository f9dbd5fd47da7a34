import { startTransition, StrictMode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { HydratedRouter } from 'react-router/dom';
import { installChunkReloadGuard } from './lib/chunk-reload';
import { installStyleNonce } from './lib/csp-nonce';
import { reportStartupError } from './lib/startup-errors';

installChunkReloadGuard();
installStyleNonce();

startTransition(() => {
  try {
    hydrateRoot(
      document,
      <StrictMode>
        <HydratedRouter />
      </StrictMode>,
      {
        onRecoverableError: (error, info) => console.error('页面恢复性错误', error, info.componentStack),
      },
    );
  } catch (error) {
    reportStartupError(error);
  }
});
