import { App } from 'antd';
import { useEffect } from 'react';
import { useNavigation } from 'react-router';
import { isNewBuildAvailable, startBuildWatch } from '../lib/build-watch';
import { reportStartupError, setStartupErrorHandler } from '../lib/startup-errors';
import { useRootData } from '../root-data';

/**
 * Watches for a new deployment and, once one is seen, turns the next navigation into a full page
 * load. Also receives startup errors and shows them to the visitor.
 */
export function ReloadOnNewBuild() {
  const root = useRootData();
  const navigation = useNavigation();
  const { message } = App.useApp();

  useEffect(() => {
    setStartupErrorHandler(() => void message.error('页面启动时出错，请刷新页面重试'));
  }, [message]);

  useEffect(() => {
    if (!root) return;
    try {
      return startBuildWatch({ currentBuildId: root.buildId, apiBase: root.apiBase });
    } catch (error) {
      reportStartupError(error);
    }
  }, [root]);

  useEffect(() => {
    if (navigation.state === 'idle' || !navigation.location || !isNewBuildAvailable()) return;
    const { pathname, search, hash } = navigation.location;
    window.location.assign(`${pathname}${search}${hash}`);
  }, [navigation.state, navigation.location]);

  return null;
}
