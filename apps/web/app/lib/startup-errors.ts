/**
 * Errors while the app starts are logged and handed to the app's error handler (the error view of
 * the root route shows them through React Router once it has started; before that, the log is all
 * there is).
 */
type Handler = (error: unknown) => void;
let handler: Handler | undefined;
const pending: unknown[] = [];

export function reportStartupError(error: unknown) {
  console.error('启动错误', error);
  if (handler) handler(error);
  else pending.push(error);
}

export function setStartupErrorHandler(next: Handler) {
  handler = next;
  for (const error of pending.splice(0)) next(error);
}
