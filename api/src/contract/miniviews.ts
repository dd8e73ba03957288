// MINIVIEW (decisions 084 and 085) and the uploads its recordings are.

export interface Miniview {
  id: number;
  uuid: string;
  title: string;
  created_at: string;
  questions_count: number;
  /** answer groups: one per person who answered (the list's "answers") */
  answers_count: number;
}

export type MiniviewMediaType = 'audio' | 'video';

export interface MiniviewQuestion {
  id: number;
  body: string;
  /** the question's own recording, if it has one */
  question_media_url: string | null;
  question_media_type: MiniviewMediaType | null;
}

export interface MiniviewAnswer {
  question_id: number;
  url: string;
  type: MiniviewMediaType;
}

/** One person's answers, under the name they gave. */
export interface MiniviewAnswerGroup {
  id: number;
  name: string;
  created_at: string;
  answers: MiniviewAnswer[];
}

/** GET /miniviews/{id} and POST /miniviews: the owner's view, answers included. */
export interface MiniviewDetail {
  id: number;
  uuid: string;
  title: string;
  created_at: string;
  questions: MiniviewQuestion[];
  answer_groups: MiniviewAnswerGroup[];
}

/** GET /miniviews/public/{uuid}: what a person answering sees (no answers, no owner). */
export interface PublicMiniview {
  uuid: string;
  title: string;
  questions: MiniviewQuestion[];
}

// ---- Uploads (POST /uploads, GET /media/{uuid}) ----

export interface Upload {
  uuid: string;
  /** where GET /media/{uuid} serves it, relative to the site */
  url: string;
  mime_type: string;
  /** bytes */
  size: number;
}

/** POST /users/me/recordings and POST /miniviews/upload-file: the stored recording. */
export interface Recording extends Upload {
  type: 'audio' | 'video';
}

/** POST /uploads: 201 with the stored file(s); a failure has `uploads: null` and the message. */
export interface UploadResponse {
  uploads: Upload[] | null;
  message?: string;
}
