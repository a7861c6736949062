/** 404 for any unknown path (membership §2): heading and document title "404 Page Not Found". */
import { Link, useLocation } from 'react-router-dom';

import { buttonVariants } from '@/ui/button';
import { useDocumentTitle } from '@/ui/use-document-title';

export const NOT_FOUND_TITLE = '404 Page Not Found';

export function NotFoundPage() {
  useDocumentTitle(NOT_FOUND_TITLE, { exact: true });
  const { pathname } = useLocation();
  return (
    <div className="flex flex-col items-start gap-4 px-4 pt-10">
      <h1 className="text-3xl font-bold">{NOT_FOUND_TITLE}</h1>
      <p className="text-muted-foreground">
        There is no page at <code className="rounded bg-secondary px-1 text-secondary-foreground">{pathname}</code>.
      </p>
      <Link to="/" className={buttonVariants()}>
        Go to the home page
      </Link>
    </div>
  );
}
