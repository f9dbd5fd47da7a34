import type { ReactNode } from 'react';
import './page-heading.css';

export function PageHeading({ title, description, extra }: { title: string; description?: ReactNode; extra?: ReactNode }) {
  return (
    <div className="page-heading">
      <div>
        <h1 className="page-heading__title">{title}</h1>
        {description ? <p className="page-heading__description">{description}</p> : null}
      </div>
      {extra}
    </div>
  );
}
