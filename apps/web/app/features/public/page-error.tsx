import { Button } from 'antd';
import { Link } from 'react-router';
import { ErrorView } from '../../components/error-view';

/**
 * The error view of a public page, inside the site's header and footer: a missing id answers 404 with
 * the API's message ("辅料产品不存在") and a way back to the list it belongs to.
 */
export function PageError({ error, back }: { error: unknown; back?: { to: string; label: string } }) {
  return (
    <div className="container page">
      <div className="panel">
        <ErrorView
          error={error}
          inLayout
          extra={
            back ? (
              <Link to={back.to}>
                <Button>{back.label}</Button>
              </Link>
            ) : undefined
          }
        />
      </div>
    </div>
  );
}
