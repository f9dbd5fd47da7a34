import { useEffect, useState } from 'react';
import { useNavigation } from 'react-router';
import { isNewBuildAvailable, startBuildWatch } from '../lib/build-watch';
import { reportStartupError, setStartupErrorHandler } from '../lib/startup-errors';
import { useRootData } from '../root-data';
import './reload-on-new-build.css';

/**
 * Watches for a new deployment and, once one is seen, turns the next navigation into a full page
 * load. Also receives startup errors and tells the visitor, at the top of the page, with a way to reload.
 */
export function ReloadOnNewBuild() {
  const root = useRootData();
  const navigation = useNavigation();
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    setStartupErrorHandler(() => setFailed(true));
  }, []);

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

  return failed ? (
    <div className="startup-error" role="alert">
      页面启动时出错，请刷新页面重试
      <button type="button" className="button button--primary" onClick={() => window.location.reload()}>
        刷新页面
      </button>
    </div>
  ) : null;
}
