import { startTransition, StrictMode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { HydratedRouter } from 'react-router/dom';
import { installChunkReloadGuard } from './lib/chunk-reload';
import { installCodeStyles } from './lib/code-styles';
import { reportStartupError } from './lib/startup-errors';

installChunkReloadGuard();
installCodeStyles();

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
