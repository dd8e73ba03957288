import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { randomUUID } from 'node:crypto';
import type {
  Miniview,
  MiniviewDetail,
  Paginated,
  PublicMiniview,
  Recording,
} from '../../contract';
import { DEMO_ACCOUNTS } from '../../db/seed/seed';
import { signedIn, startTestApp, TestClient, type TestContext, userIdOf } from '../../test/harness';
import { multipart } from '../../test/multipart';
import { RECORDING_UPLOADS_PER_IP } from '../uploads/routes';
import {
  ANSWER_EVERY_QUESTION,
  ANSWER_GROUPS_PER_IP,
  ANSWER_RECORDING_MESSAGE,
  MAX_QUESTIONS,
  QUESTION_MEDIA_MESSAGE,
} from './routes';

let ctx: TestContext;
before(async () => {
  ctx = await startTestApp();
});
after(() => ctx.close());

describe('GET /miniviews', () => {
  it('answers 401 to visitors', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/v1/miniviews' });
    assert.equal(response.statusCode, 401);
  });

  it('lists the viewer’s own miniviews, newest first, with counts', async () => {
    const client = await signedIn(ctx.app, DEMO_ACCOUNTS.pro);
    const body: Paginated<Miniview> = (await client.get('/api/v1/miniviews')).json();
    assert.equal(body.meta.pagination.total, 2);
    assert.equal(body.meta.pagination.per_page, 10);
    assert.deepEqual(
      body.data.map(({ title, questions_count, answers_count }) => ({
        title,
        questions_count,
        answers_count,
      })),
      [
        // answers: the people who answered (answer groups), not their recordings
        { title: 'Podcast pre-interview', questions_count: 4, answers_count: 1 },
        { title: 'Founder story questions', questions_count: 3, answers_count: 2 },
      ],
    );
    for (const miniview of body.data) {
      assert.match(miniview.uuid, /^[0-9a-f-]{36}$/);
      assert.ok(!Number.isNaN(Date.parse(miniview.created_at)));
    }
  });

  it('filters by title and pages', async () => {
    const client = await signedIn(ctx.app, DEMO_ACCOUNTS.pro);
    const filtered = (await client.get('/api/v1/miniviews?filter[title]=founder')).json();
    assert.deepEqual(
      filtered.data.map((miniview: Miniview) => miniview.title),
      ['Founder story questions'],
    );
    const paged = (await client.get('/api/v1/miniviews?limit=1&page=2')).json();
    assert.equal(paged.data.length, 1);
    assert.equal(paged.meta.pagination.total_pages, 2);
    assert.equal((await client.get('/api/v1/miniviews?page=-1')).statusCode, 422);
  });

  it('never shows another user’s miniviews', async () => {
    for (const email of [DEMO_ACCOUNTS.standard, DEMO_ACCOUNTS.agency]) {
      const client = await signedIn(ctx.app, email);
      const body = (await client.get('/api/v1/miniviews')).json();
      assert.deepEqual(body.data, [], email);
      assert.equal(body.meta.pagination.total, 0);
    }
  });
});

/** An upload of `userId`'s, as POST /uploads or the recorder stores one. */
async function storedUpload(userId: number, mimeType: string): Promise<string> {
  const uuid = randomUUID();
  await ctx.app.db
    .insertInto('uploads')
    .values({
      uuid,
      user_id: userId,
      kind: mimeType.startsWith('image/') ? 'image' : 'video',
      mime_type: mimeType,
      file_name: 'question.webm',
      size: 4,
      content: Buffer.from('webm'),
    })
    .execute();
  return uuid;
}

describe('GET /miniviews/{id}', () => {
  it('gives the owner the questions in order and each answer group with its recordings', async () => {
    const client = await signedIn(ctx.app, DEMO_ACCOUNTS.pro);
    const list: Paginated<Miniview> = (await client.get('/api/v1/miniviews')).json();
    const founder = list.data.find((miniview) => miniview.title === 'Founder story questions');
    assert.ok(founder);
    const response = await client.get(`/api/v1/miniviews/${founder.id}`);
    assert.equal(response.statusCode, 200);
    const { data }: { data: MiniviewDetail } = response.json();
    assert.equal(data.uuid, founder.uuid);
    assert.deepEqual(
      data.questions.map((question) => question.body),
      [
        'What problem made you start the company?',
        'What was the hardest month of the first year, and what got you through it?',
        'What would you tell yourself on day one?',
      ],
    );
    // newest first
    assert.deepEqual(
      data.answer_groups.map((group) => group.name),
      ['Marco Rossi', 'Lena Fischer'],
    );
    for (const group of data.answer_groups) {
      assert.deepEqual(
        group.answers.map((answer) => answer.question_id),
        data.questions.map((question) => question.id),
      );
      assert.ok(group.answers.every((answer) => ['audio', 'video'].includes(answer.type)));
    }
    // The demo answers are real recordings: they play and seek.
    for (const answer of data.answer_groups[0]?.answers.slice(0, 2) ?? []) {
      const played = await new TestClient(ctx.app).request('GET', answer.url, {
        headers: { range: 'bytes=0-3' },
      });
      assert.equal(played.statusCode, 206, answer.url);
      assert.equal(played.headers['content-type'], `${answer.type}/webm`);
      assert.deepEqual([...played.rawPayload], [0x1a, 0x45, 0xdf, 0xa3]);
    }
  });

  it('is 404 to another user and 401 to a visitor', async () => {
    const owner = await signedIn(ctx.app, DEMO_ACCOUNTS.pro);
    const [mine] = (await owner.get('/api/v1/miniviews')).json().data as Miniview[];
    assert.ok(mine);
    const other = await signedIn(ctx.app, DEMO_ACCOUNTS.agency);
    assert.equal((await other.get(`/api/v1/miniviews/${mine.id}`)).statusCode, 404);
    const visitor = await ctx.app.inject({ method: 'GET', url: `/api/v1/miniviews/${mine.id}` });
    assert.equal(visitor.statusCode, 401);
    assert.equal((await owner.get('/api/v1/miniviews/99999999')).statusCode, 404);
  });
});

describe('POST /miniviews', () => {
  it('creates a miniview with its questions, a recorded one included, for a Pro user', async () => {
    const client = await signedIn(ctx.app, DEMO_ACCOUNTS.pro);
    const recording = await storedUpload(
      await userIdOf(ctx.app.db, DEMO_ACCOUNTS.pro),
      'video/webm',
    );
    const response = await client.post('/api/v1/miniviews', {
      title: '  Launch week  ',
      questions: [
        { body: 'What are you launching?', media_uuid: recording },
        { body: ' Who is it for? ' },
      ],
    });
    assert.equal(response.statusCode, 201);
    const { data }: { data: MiniviewDetail } = response.json();
    assert.equal(data.title, 'Launch week');
    assert.deepEqual(
      data.questions.map(({ body, question_media_url, question_media_type }) => ({
        body,
        question_media_url,
        question_media_type,
      })),
      [
        {
          body: 'What are you launching?',
          question_media_url: `/api/v1/media/${recording}`,
          question_media_type: 'video',
        },
        { body: 'Who is it for?', question_media_url: null, question_media_type: null },
      ],
    );
    assert.deepEqual(data.answer_groups, []);
    const again: { data: MiniviewDetail } = (
      await client.get(`/api/v1/miniviews/${data.id}`)
    ).json();
    assert.deepEqual(again.data, data);
  });

  it('answers 426 to a standard account and 401 to a visitor', async () => {
    const standard = await signedIn(ctx.app, DEMO_ACCOUNTS.standard);
    const body = { title: 'Mine', questions: [{ body: 'Why?' }] };
    const refused = await standard.post('/api/v1/miniviews', body);
    assert.equal(refused.statusCode, 426);
    assert.equal(refused.json().message, 'Only PRO users have access to this feature.');
    const visitor = await new TestClient(ctx.app).post('/api/v1/miniviews', body);
    assert.equal(visitor.statusCode, 401);
  });

  it('says what is wrong with a title or the questions, and stores nothing', async () => {
    const client = await signedIn(ctx.app, DEMO_ACCOUNTS.pro);
    const before = (await client.get('/api/v1/miniviews')).json().meta.pagination.total;
    const cases: [unknown, string][] = [
      [{ title: '  ', questions: [{ body: 'Why?' }] }, 'title'],
      [{ title: 'T', questions: [] }, 'questions'],
      [{ title: 'T', questions: [{ body: '' }] }, 'questions.0.body'],
      [
        { title: 'T', questions: Array.from({ length: MAX_QUESTIONS + 1 }, () => ({ body: 'Q' })) },
        'questions',
      ],
      [{ title: 'x'.repeat(256), questions: [{ body: 'Why?' }] }, 'title'],
    ];
    for (const [body, field] of cases) {
      const response = await client.post('/api/v1/miniviews', body);
      assert.equal(response.statusCode, 422, JSON.stringify(body).slice(0, 80));
      assert.ok(field in response.json().errors, `${field} in ${JSON.stringify(response.json())}`);
    }
    assert.equal((await client.get('/api/v1/miniviews')).json().meta.pagination.total, before);
  });

  it("refuses question media that is not the owner's recording", async () => {
    const client = await signedIn(ctx.app, DEMO_ACCOUNTS.pro);
    const someoneElses = await storedUpload(
      await userIdOf(ctx.app.db, DEMO_ACCOUNTS.agency),
      'video/webm',
    );
    const picture = await storedUpload(await userIdOf(ctx.app.db, DEMO_ACCOUNTS.pro), 'image/png');
    for (const uuid of [someoneElses, picture, 'not-a-uuid']) {
      const response = await client.post('/api/v1/miniviews', {
        title: 'Media',
        questions: [{ body: 'First' }, { body: 'Second', media_uuid: uuid }],
      });
      assert.equal(response.statusCode, 422, uuid);
      assert.deepEqual(response.json().errors, {
        'questions.1.media_uuid': [QUESTION_MEDIA_MESSAGE],
      });
    }
  });
});

describe('GET /miniviews/public/{uuid} and DELETE /miniviews/{uuid}', () => {
  it('shows a visitor the title and questions by the link, never the answers', async () => {
    const owner = await signedIn(ctx.app, DEMO_ACCOUNTS.pro);
    const [mine] = (await owner.get('/api/v1/miniviews')).json().data as Miniview[];
    assert.ok(mine);
    const response = await ctx.app.inject({
      method: 'GET',
      url: `/api/v1/miniviews/public/${mine.uuid.toUpperCase()}`,
    });
    assert.equal(response.statusCode, 200);
    const { data }: { data: PublicMiniview } = response.json();
    assert.deepEqual(Object.keys(data).sort(), ['questions', 'title', 'uuid']);
    assert.equal(data.title, mine.title);
    assert.equal(data.questions.length, mine.questions_count);

    for (const url of [`/api/v1/miniviews/public/${randomUUID()}`, '/api/v1/miniviews/public/1']) {
      assert.equal((await ctx.app.inject({ method: 'GET', url })).statusCode, 404, url);
    }
  });

  it('lets only the owner delete, and the link stops working', async () => {
    const owner = await signedIn(ctx.app, DEMO_ACCOUNTS.pro);
    const created: MiniviewDetail = (
      await owner.post('/api/v1/miniviews', { title: 'Short-lived', questions: [{ body: 'Q' }] })
    ).json().data;
    const other = await signedIn(ctx.app, DEMO_ACCOUNTS.agency);
    const refused = await other.request('DELETE', `/api/v1/miniviews/${created.uuid}`);
    assert.equal(refused.statusCode, 404);

    const deleted = await owner.request('DELETE', `/api/v1/miniviews/${created.uuid}`);
    assert.equal(deleted.statusCode, 200);
    assert.deepEqual(deleted.json(), { success: true });
    assert.equal((await owner.get(`/api/v1/miniviews/${created.id}`)).statusCode, 404);
    const link = await ctx.app.inject({
      method: 'GET',
      url: `/api/v1/miniviews/public/${created.uuid}`,
    });
    assert.equal(link.statusCode, 404);
    const questions = await ctx.app.db
      .selectFrom('miniview_questions')
      .select('id')
      .where('miniview_id', '=', created.id)
      .execute();
    assert.deepEqual(questions, []);
  });
});

const WEBM = Buffer.concat([Buffer.from([0x1a, 0x45, 0xdf, 0xa3]), Buffer.from('webm-answer')]);
const OGG = Buffer.from('OggS-opus-answer');

/** A person with the link uploads one recording (no account). */
function uploadRecording(
  client: TestClient,
  miniviewUuid: string,
  kind: 'video' | 'audio',
  bytes: Buffer,
) {
  const { body, headers } = multipart([
    { name: 'miniview_uuid', value: miniviewUuid },
    { name: 'type', value: kind },
    { name: 'media', value: bytes, filename: `answer.${kind === 'video' ? 'webm' : 'ogg'}` },
  ]);
  return client.request('POST', '/api/v1/miniviews/upload-file', { body, headers });
}

describe('answering a miniview by its link (no account)', () => {
  async function twoQuestions(): Promise<MiniviewDetail> {
    const owner = await signedIn(ctx.app, DEMO_ACCOUNTS.pro);
    const response = await owner.post('/api/v1/miniviews', {
      title: 'Two questions',
      questions: [{ body: 'Who are you?' }, { body: 'Why now?' }],
    });
    return response.json().data;
  }

  it('uploads a video and an audio answer, sends the group, and the owner sees it', async () => {
    const miniview = await twoQuestions();
    const visitor = new TestClient(ctx.app);
    const video = await uploadRecording(visitor, miniview.uuid, 'video', WEBM);
    assert.equal(video.statusCode, 201, video.body);
    const audio = await uploadRecording(visitor, miniview.uuid, 'audio', OGG);
    assert.equal(audio.statusCode, 201, audio.body);
    const videoUpload: Recording = video.json().data;
    const audioUpload: Recording = audio.json().data;
    assert.equal(videoUpload.type, 'video');
    assert.equal(audioUpload.type, 'audio');
    assert.equal(videoUpload.mime_type, 'video/webm');
    assert.equal(audioUpload.mime_type, 'audio/ogg');

    const [first, second] = miniview.questions;
    assert.ok(first && second);
    const sent = await visitor.post(`/api/v1/miniviews/public/${miniview.uuid}/answers`, {
      name: '  Ada Lovelace ',
      answers: [
        { question_id: second.id, media_uuid: audioUpload.uuid },
        { question_id: first.id, media_uuid: videoUpload.uuid },
      ],
    });
    assert.equal(sent.statusCode, 201, sent.body);

    const owner = await signedIn(ctx.app, DEMO_ACCOUNTS.pro);
    const { data }: { data: MiniviewDetail } = (
      await owner.get(`/api/v1/miniviews/${miniview.id}`)
    ).json();
    assert.equal(data.answer_groups.length, 1);
    assert.equal(data.answer_groups[0]?.name, 'Ada Lovelace');
    // in the questions' order
    assert.deepEqual(data.answer_groups[0]?.answers, [
      { question_id: first.id, url: videoUpload.url, type: 'video' },
      { question_id: second.id, url: audioUpload.url, type: 'audio' },
    ]);
    const played = await visitor.get(audioUpload.url);
    assert.equal(played.statusCode, 200);
    assert.equal(played.headers['content-type'], 'audio/ogg');
  });

  it('needs every question answered once, each with a recording made for this miniview', async () => {
    const miniview = await twoQuestions();
    const elsewhere = await twoQuestions();
    const visitor = new TestClient(ctx.app);
    const mine: Recording = (await uploadRecording(visitor, miniview.uuid, 'video', WEBM)).json()
      .data;
    const theirs: Recording = (await uploadRecording(visitor, elsewhere.uuid, 'video', WEBM)).json()
      .data;
    const [first, second] = miniview.questions;
    assert.ok(first && second);
    const send = (answers: unknown) =>
      visitor.post(`/api/v1/miniviews/public/${miniview.uuid}/answers`, { name: 'Ada', answers });

    for (const answers of [
      [{ question_id: first.id, media_uuid: mine.uuid }],
      [
        { question_id: first.id, media_uuid: mine.uuid },
        { question_id: first.id, media_uuid: mine.uuid },
      ],
      [
        { question_id: first.id, media_uuid: mine.uuid },
        { question_id: elsewhere.questions[0]?.id, media_uuid: mine.uuid },
      ],
    ]) {
      const response = await send(answers);
      assert.equal(response.statusCode, 422);
      assert.deepEqual(response.json().errors, { answers: [ANSWER_EVERY_QUESTION] });
    }
    const foreign = await send([
      { question_id: first.id, media_uuid: mine.uuid },
      { question_id: second.id, media_uuid: theirs.uuid },
    ]);
    assert.equal(foreign.statusCode, 422);
    assert.deepEqual(foreign.json().errors, {
      'answers.1.media_uuid': [ANSWER_RECORDING_MESSAGE],
    });
    const groups = await ctx.app.db
      .selectFrom('miniview_answer_groups')
      .select('id')
      .where('miniview_id', '=', miniview.id)
      .execute();
    assert.deepEqual(groups, []);
  });

  it('refuses a file that is not a recording, and an unknown link', async () => {
    const miniview = await twoQuestions();
    const visitor = new TestClient(ctx.app);
    const notMedia = await uploadRecording(visitor, miniview.uuid, 'video', Buffer.from('MZ-exe'));
    assert.equal(notMedia.statusCode, 422);
    assert.deepEqual(notMedia.json().errors, {
      media: ['The recording must be a file of type: webm, ogg, mp4.'],
    });
    const unknown = await uploadRecording(visitor, randomUUID(), 'audio', OGG);
    assert.equal(unknown.statusCode, 404);
    const answers = await visitor.post(`/api/v1/miniviews/public/${randomUUID()}/answers`, {
      name: 'Ada',
      answers: [{ question_id: 1, media_uuid: randomUUID() }],
    });
    assert.equal(answers.statusCode, 404);
  });

  it('limits the answer groups one network sends in an hour (429 with Retry-After)', async () => {
    const miniview = await twoQuestions();
    const visitor = new TestClient(ctx.app);
    const url = `/api/v1/miniviews/public/${miniview.uuid}/answers`;
    const remoteAddress = '203.0.113.77';
    for (let sent = 0; sent < ANSWER_GROUPS_PER_IP.max; sent += 1) {
      const response = await visitor.request('POST', url, { body: {}, remoteAddress });
      assert.equal(response.statusCode, 422);
    }
    const limited = await visitor.request('POST', url, { body: {}, remoteAddress });
    assert.equal(limited.statusCode, 429);
    assert.ok(Number(limited.headers['retry-after']) > 0);
    // another network is not held back
    const other = await visitor.request('POST', url, { body: {}, remoteAddress: '203.0.113.78' });
    assert.equal(other.statusCode, 422);
  });

  it('limits the recordings one network uploads in an hour', async () => {
    const visitor = new TestClient(ctx.app);
    const remoteAddress = '203.0.113.90';
    const url = '/api/v1/miniviews/upload-file';
    for (let sent = 0; sent < RECORDING_UPLOADS_PER_IP.max; sent += 1) {
      const response = await visitor.request('POST', url, { body: {}, remoteAddress });
      assert.equal(response.statusCode, 422);
    }
    const limited = await visitor.request('POST', url, { body: {}, remoteAddress });
    assert.equal(limited.statusCode, 429);
  });
});
