import { useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import {
  Button,
  ButtonLink,
  EmptyState,
  ErrorState,
  formatDate,
  Pagination,
  Skeleton,
  SkeletonGroup,
  TextField,
} from '@guestspot/shared-ui';
import { useMiniviews } from '../hooks/use-miniviews';
import './miniviews.css';

/** The spec's wait after the last keystroke before the list is searched. */
export const SEARCH_DEBOUNCE_MS = 750;

/** /user-miniviews: the user's MINIVIEWs with search and pagination. */
export function MiniviewsPage() {
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number(params.get('page')) || 1);
  const title = params.get('search') ?? '';
  const [draft, setDraft] = useState(title);
  const miniviews = useMiniviews({ page, title });

  useEffect(() => {
    if (draft.trim() === title) return undefined;
    const timer = window.setTimeout(() => {
      const next = new URLSearchParams();
      if (draft.trim()) next.set('search', draft.trim());
      setParams(next, { replace: true });
    }, SEARCH_DEBOUNCE_MS);
    return () => window.clearTimeout(timer);
  }, [draft, title, setParams]);

  const reload = (
    <Button
      variant="secondary"
      onClick={() => void miniviews.refetch()}
      loading={miniviews.isFetching}
    >
      Reload
    </Button>
  );

  return (
    <section className="gs-page" aria-labelledby="miniviews-title">
      <div className="gs-miniviews__head">
        <h1 id="miniviews-title" className="gs-page__title">
          MINIVIEW™
        </h1>
        <ButtonLink to="/miniviews-create">Create MINIVIEW™</ButtonLink>
      </div>
      <div className="gs-miniviews__tools">
        <TextField
          containerClassName="gs-miniviews__search"
          label="Search MINIVIEWs"
          type="search"
          value={draft}
          onChange={(event) => setDraft(event.target.value)}
        />
        {reload}
      </div>
      {miniviews.isPending ? (
        <SkeletonGroup label="Loading MINIVIEWs">
          {Array.from({ length: 4 }, (_, index) => (
            <Skeleton key={index} variant="block" height={48} />
          ))}
        </SkeletonGroup>
      ) : miniviews.isError ? (
        <ErrorState
          title="The MINIVIEWs could not be loaded."
          message="Check your connection and try again."
          onRetry={() => void miniviews.refetch()}
          retryLabel="Reload"
          retrying={miniviews.isFetching}
        />
      ) : miniviews.data.data.length === 0 ? (
        <EmptyState title="No MINIVIEWs™ found." action={reload} />
      ) : (
        <>
          <table className="gs-miniviews">
            <caption className="visually-hidden">Your MINIVIEWs</caption>
            <thead>
              <tr>
                <th scope="col">Title</th>
                <th scope="col">Created</th>
                <th scope="col">Answers</th>
              </tr>
            </thead>
            <tbody>
              {miniviews.data.data.map((miniview) => (
                <tr key={miniview.id}>
                  <td className="gs-miniviews__title">
                    <Link to={`/user-miniviews/${miniview.id}`}>{miniview.title}</Link>
                  </td>
                  <td>{formatDate(miniview.created_at, 'long-date')}</td>
                  <td>{miniview.answers_count}</td>
                </tr>
              ))}
            </tbody>
          </table>
          <Pagination
            strip={5}
            currentPage={miniviews.data.meta.pagination.current_page}
            totalPages={miniviews.data.meta.pagination.total_pages}
            onPageChange={(next) => {
              const query = new URLSearchParams(params);
              query.set('page', String(next));
              setParams(query);
            }}
          />
        </>
      )}
    </section>
  );
}
