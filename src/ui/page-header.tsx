/**
 * A page's header: a back link, the page's single h1, and document.title set to match.
 * The default back target is the parent path ("..", relative to the URL), so /app/help goes back to
 * /app and /help goes back to /: the rider stays on the prefix they came in with.
 */
import { ArrowLeft } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';

import { cn } from '@/ui/cn';
import { useDocumentTitle } from '@/ui/use-document-title';

type PageHeaderProps = {
  title: string;
  /** Where the back link goes; defaults to the parent path. Pass null for no back link. */
  backTo?: string | null;
  backLabel?: string;
  /** Extra controls on the right of the title (badges, buttons). */
  actions?: ReactNode;
  className?: string;
};

export function PageHeader({ title, backTo, backLabel = 'Back', actions, className }: PageHeaderProps) {
  useDocumentTitle(title);
  return (
    <header className={cn('flex flex-col gap-2 px-4 pt-4 pb-2', className)}>
      {backTo === null ? null : (
        <Link
          to={backTo ?? '..'}
          relative="path"
          className="inline-flex min-h-11 w-fit items-center gap-1 rounded-md pr-2 font-medium text-primary underline-offset-4 hover:underline"
        >
          <ArrowLeft aria-hidden="true" className="size-5" />
          {backLabel}
        </Link>
      )}
      <div className="flex items-center justify-between gap-3">
        <h1 className="text-2xl leading-tight font-bold">{title}</h1>
        {actions}
      </div>
    </header>
  );
}
