import { App } from 'antd';
import { useCallback, useState } from 'react';
import { logoutEverywhere, logoutSession } from './session-api';
import { logout } from './session';

/**
 * Signs out: tells the server (this token, or every session of the user), then clears the session
 * in every tab. The session ends on this device even when the server cannot be reached.
 */
export function useSignOut() {
  const { message } = App.useApp();
  const [pending, setPending] = useState(false);
  const signOut = useCallback(
    async (everywhere = false) => {
      setPending(true);
      try {
        await (everywhere ? logoutEverywhere() : logoutSession());
      } catch {
        // the session ends here anyway
      } finally {
        setPending(false);
      }
      logout();
      message.success(everywhere ? '已在所有设备上退出登录' : '已退出登录');
    },
    [message],
  );
  return { signOut, pending };
}
