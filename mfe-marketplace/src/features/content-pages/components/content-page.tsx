import { useEffect } from 'react';
import { Navigate, useParams } from 'react-router-dom';
import { isApiError, routePaths } from '@guestspot/shared-api';
import { ErrorState, formatDate, PageLoading } from '@guestspot/shared-ui';
import { useContentPage } from '../hooks/use-content-page';
import { PageBlocks } from './page-blocks';
import './content-page.css';

export const CONTENT_PAGE_ERROR = 'This page could not be loaded. Check your connection and retry.';

/** A content page by slug (/about, /contact, /privacy-policy, ... and /pages/:pageSlug). */
export function ContentPage({ slug }: { slug: string }) {
  const page = useContentPage(slug);

  // Document title follows the page, for tabs, history and screen readers.
  useEffect(() => {
    if (!page.data) return undefined;
    const previous = document.title;
    document.title = `${page.data.title} | Guestspot`;
    return () => {
      document.title = previous;
    };
  }, [page.data]);

  if (page.isPending) return <PageLoading label="Loading page" />;
  if (page.isError) {
    if (isApiError(page.error) && page.error.status === 404) {
      return <Navigate to={routePaths.notFound} replace />;
    }
    return (
      <section className="gs-page gs-page--narrow">
        <ErrorState
          message={CONTENT_PAGE_ERROR}
          onRetry={() => void page.refetch()}
          retrying={page.isFetching}
        />
      </section>
    );
  }
  const updated = formatDate(page.data.updated_at, 'long-date');
  return (
    <article className="gs-page gs-page--narrow gs-content-page" aria-labelledby="content-title">
      <h1 id="content-title" className="gs-page__title">
        {page.data.title}
      </h1>
      <PageBlocks blocks={page.data.body} />
      {updated ? <p className="gs-content-page__updated">Last updated {updated}</p> : null}
    </article>
  );
}

/** /pages/:pageSlug */
export function ContentPageBySlug() {
  const { pageSlug = '' } = useParams();
  return <ContentPage key={pageSlug} slug={pageSlug.toLowerCase()} />;
}
