import { Link, Navigate, useNavigate, useParams } from 'react-router-dom';
import { useQueryClient } from '@tanstack/react-query';
import {
  isApiError,
  queryKeys,
  routePaths,
  type MiniviewAnswer,
  type MiniviewDetail,
  type MiniviewQuestion,
} from '@guestspot/shared-api';
import { mediaDownloadUrl, miniviewShareUrl } from '@guestspot/shared-api/miniviews';
import {
  Button,
  Card,
  confirm,
  CopyLink,
  EmptyState,
  ErrorState,
  formatDate,
  PageLoading,
  toast,
} from '@guestspot/shared-ui';
import { useDeleteMiniview, useMiniview } from '../hooks/use-miniview';
import './miniview-detail.css';

export type MiniviewTab = 'questions' | 'answers' | 'answer-group';

/** A recording, played in place, with its download link. */
function Recording({ url, type, label }: { url: string; type: 'audio' | 'video'; label: string }) {
  return (
    <div className="gs-miniview-media">
      {type === 'video' ? (
        // eslint-disable-next-line jsx-a11y/media-has-caption -- a recording made by its author: no captions exist
        <video
          className="gs-miniview-media__video"
          src={url}
          controls
          preload="metadata"
          aria-label={label}
        />
      ) : (
        // eslint-disable-next-line jsx-a11y/media-has-caption -- a recording made by its author: no captions exist
        <audio
          className="gs-miniview-media__audio"
          src={url}
          controls
          preload="metadata"
          aria-label={label}
        />
      )}
      <a className="gs-miniview-media__download" href={mediaDownloadUrl(url)} download>
        Download
      </a>
    </div>
  );
}

function Questions({ questions }: { questions: MiniviewQuestion[] }) {
  return (
    <ol className="gs-miniview-questions">
      {questions.map((question, index) => (
        <li key={question.id} className="gs-miniview-questions__item">
          <p className="gs-miniview-questions__body">{question.body}</p>
          {question.question_media_url && question.question_media_type ? (
            <Recording
              url={question.question_media_url}
              type={question.question_media_type}
              label={`Question ${index + 1} recording`}
            />
          ) : null}
        </li>
      ))}
    </ol>
  );
}

function AnswerGroups({ miniview }: { miniview: MiniviewDetail }) {
  if (miniview.answer_groups.length === 0) {
    return (
      <EmptyState
        title="No answers yet."
        message="Share the link: each person who answers appears here."
      />
    );
  }
  return (
    <ul className="gs-miniview-answers">
      {miniview.answer_groups.map((group) => (
        <li key={group.id} className="gs-miniview-answers__item">
          <Link to={`/user-miniviews/${miniview.id}/answers/${group.id}`}>{group.name}</Link>
          <span className="gs-miniview-answers__date">
            {formatDate(group.created_at, 'long-date')}
          </span>
        </li>
      ))}
    </ul>
  );
}

function AnswerGroup({ miniview, groupId }: { miniview: MiniviewDetail; groupId: number }) {
  const group = miniview.answer_groups.find((candidate) => candidate.id === groupId);
  if (!group) return <EmptyState title="This answer was not found." />;
  const answerTo = (question: MiniviewQuestion): MiniviewAnswer | undefined =>
    group.answers.find((answer) => answer.question_id === question.id);
  return (
    <section aria-labelledby="miniview-answer-title">
      <p>
        <Link to={`/user-miniviews/${miniview.id}/answers`}>All answers</Link>
      </p>
      <h2 id="miniview-answer-title" className="gs-miniview-detail__subtitle">
        {group.name}
      </h2>
      <p className="gs-miniview-answers__date">
        Answered {formatDate(group.created_at, 'long-date')}
      </p>
      <ol className="gs-miniview-questions">
        {miniview.questions.map((question, index) => {
          const answer = answerTo(question);
          return (
            <li key={question.id} className="gs-miniview-questions__item">
              <p className="gs-miniview-questions__body">{question.body}</p>
              {answer ? (
                <Recording url={answer.url} type={answer.type} label={`Answer ${index + 1}`} />
              ) : (
                <p className="gs-miniview-answers__date">Not answered.</p>
              )}
            </li>
          );
        })}
      </ol>
    </section>
  );
}

/**
 * /user-miniviews/:miniviewId (questions), …/answers and …/answers/:answerGroupId: one of the
 * user's MINIVIEWs with its shareable link, its questions, the people who answered and what they
 * recorded, and Delete.
 */
export function MiniviewDetailPage({
  tab,
  miniviewId,
  answerGroupId,
}: {
  tab: MiniviewTab;
  /** The URL's, unless given (Storybook) */
  miniviewId?: number;
  answerGroupId?: number;
}) {
  const params = useParams();
  const id = miniviewId ?? Number(params.miniviewId);
  const miniview = useMiniview(id);
  const remove = useDeleteMiniview();
  const navigate = useNavigate();
  const client = useQueryClient();

  if (!Number.isInteger(id) || id < 1) return <Navigate to={routePaths.notFound} replace />;
  if (miniview.isPending) return <PageLoading label="Loading the MINIVIEW" />;
  if (miniview.isError) {
    if (isApiError(miniview.error) && miniview.error.status === 404) {
      return (
        <section className="gs-page">
          <EmptyState
            title="This MINIVIEW™ was not found."
            message="It may have been deleted."
            action={<Link to="/user-miniviews">Back to your MINIVIEWs</Link>}
          />
        </section>
      );
    }
    return (
      <section className="gs-page">
        <ErrorState
          title="The MINIVIEW could not be loaded."
          message="Check your connection and try again."
          onRetry={() => void miniview.refetch()}
          retrying={miniview.isFetching}
        />
      </section>
    );
  }

  const data = miniview.data;
  const onDelete = async () => {
    const deleted = await confirm({
      title: 'Delete this MINIVIEW™?',
      message: 'Its questions and every answer to it will be deleted. This cannot be undone.',
      confirmLabel: 'Delete',
      confirmingLabel: 'Deleting',
      tone: 'danger',
      onConfirm: () => remove.mutateAsync(data.uuid),
    });
    if (!deleted) return;
    toast.success('The MINIVIEW™ was deleted.');
    await navigate('/user-miniviews');
    client.removeQueries({ queryKey: queryKeys.miniview(data.id) });
  };
  const base = `/user-miniviews/${data.id}`;
  const answersCount = data.answer_groups.length;

  return (
    <section className="gs-page gs-miniview-detail" aria-labelledby="miniview-title">
      <p className="gs-miniview-detail__back">
        <Link to="/user-miniviews">MINIVIEW™</Link>
      </p>
      <div className="gs-miniview-detail__head">
        <h1 id="miniview-title" className="gs-page__title">
          {data.title}
        </h1>
        <Button variant="danger" onClick={() => void onDelete()}>
          Delete
        </Button>
      </div>
      <Card title="Details" titleAs="h2">
        <dl className="gs-miniview-detail__facts">
          <div>
            <dt>Title</dt>
            <dd>{data.title}</dd>
          </div>
          <div>
            <dt>Created</dt>
            <dd>{formatDate(data.created_at, 'long-date')}</dd>
          </div>
        </dl>
        <CopyLink url={miniviewShareUrl(data.uuid)} />
      </Card>
      <nav className="gs-miniview-detail__tabs" aria-label="MINIVIEW">
        <Link to={base} aria-current={tab === 'questions' ? 'page' : undefined}>
          Questions
        </Link>
        <Link to={`${base}/answers`} aria-current={tab !== 'questions' ? 'page' : undefined}>
          Answers ({answersCount})
        </Link>
      </nav>
      {tab === 'questions' ? <Questions questions={data.questions} /> : null}
      {tab === 'answers' ? <AnswerGroups miniview={data} /> : null}
      {tab === 'answer-group' ? (
        <AnswerGroup miniview={data} groupId={answerGroupId ?? Number(params.answerGroupId)} />
      ) : null}
    </section>
  );
}
