import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { HttpError, ValidationError } from '../../http/errors';
import { VIDEO_MAX_BYTES } from './service';

// The multipart forms (POST /uploads and the recordings): the parser and the one reader of its
// parts. A form the parser cannot read is the sender's fault whatever the route (issue 28): 415
// when the Content-Type names no boundary, else 422 on the file's field, in the API's error body;
// never a 500.

/** The per-field file sizes are checked while reading; these only stop a runaway form. */
export const MULTIPART_LIMITS = {
  fileSize: VIDEO_MAX_BYTES + 1,
  files: 2,
  fields: 10,
  fieldSize: 1024,
  parts: 12,
} as const;

export const MULTIPART_MESSAGES = {
  boundary: 'The request must be multipart/form-data with a boundary.',
  malformed: 'The multipart form is malformed.',
  parts: `The form may not have more than ${MULTIPART_LIMITS.parts} parts.`,
  files: `The form may not have more than ${MULTIPART_LIMITS.files} files.`,
  fields: `The form may not have more than ${MULTIPART_LIMITS.fields} fields.`,
  fieldName: 'The form has a field name that is not allowed.',
  json: 'A form field sent as JSON is not valid JSON.',
  failed: (field: string) => `The ${field.replace(/_/g, ' ')} failed to upload.`,
} as const;

/** The parser, for the routes of the calling plugin. */
export async function registerMultipart(app: FastifyInstance): Promise<void> {
  await app.register(multipart, {
    limits: MULTIPART_LIMITS,
    // A file over fileSize is cut short and read as too big (its field's own size message);
    // thrown, it would end the form with the parser's error instead.
    throwFileSizeLimit: false,
  });
}

export interface ReceivedFile {
  field: string;
  fileName: string;
  content: Buffer | null;
  tooBig: boolean;
}

/** A boundary parameter, quoted or not: without one the body cannot be split into parts. */
const BOUNDARY = /;\s*boundary\s*=\s*("[^"]+"|[^\s;"]+)/i;

/** The parser's own refusals, by code. */
const PARSER_MESSAGES: Record<string, string> = {
  FST_PARTS_LIMIT: MULTIPART_MESSAGES.parts,
  FST_FILES_LIMIT: MULTIPART_MESSAGES.files,
  FST_FIELDS_LIMIT: MULTIPART_MESSAGES.fields,
  FST_PROTO_VIOLATION: MULTIPART_MESSAGES.fieldName,
  FST_INVALID_JSON_FIELD_ERROR: MULTIPART_MESSAGES.json,
};

/**
 * Why the parser gave up, as a 422 on the file being `reading`, else on the form's own file
 * field (a form shows its errors at its fields). Anything the parser throws is the body's fault
 * (a cut-off part, a malformed header, a limit): nothing but the request is read.
 */
function unreadable(
  error: unknown,
  reading: string | undefined,
  formField: string,
): ValidationError {
  const code = (error as { code?: unknown }).code;
  const message = typeof code === 'string' ? PARSER_MESSAGES[code] : undefined;
  if (message) return ValidationError.single(reading ?? formField, message);
  if (reading) return ValidationError.single(reading, MULTIPART_MESSAGES.failed(reading));
  return ValidationError.single(formField, MULTIPART_MESSAGES.malformed);
}

/**
 * Reads the one file (a field of `limits`: image or video, or a recording's media) and the text
 * fields; a file over its field's limit is not kept. Other files are skipped. A form that cannot
 * be read is refused on the file being read, else on the first field of `limits`.
 */
export async function readMultipart(
  request: FastifyRequest,
  limits: Readonly<Record<string, number>>,
): Promise<{ fields: Record<string, string>; file: ReceivedFile | null }> {
  if (!BOUNDARY.test(request.headers['content-type'] ?? '')) {
    throw new HttpError(415, MULTIPART_MESSAGES.boundary);
  }
  const fields: Record<string, string> = {};
  let file: ReceivedFile | null = null;
  let reading: string | undefined;
  try {
    for await (const part of request.parts()) {
      if (part.type !== 'file') {
        if (typeof part.value === 'string') fields[part.fieldname] = part.value;
        continue;
      }
      const limit = limits[part.fieldname];
      if (file || limit === undefined) {
        part.file.resume();
        continue;
      }
      reading = part.fieldname;
      const chunks: Buffer[] = [];
      let size = 0;
      for await (const chunk of part.file as AsyncIterable<Buffer>) {
        size += chunk.length;
        if (size <= limit) chunks.push(chunk);
      }
      reading = undefined;
      const tooBig = size > limit || part.file.truncated;
      file = {
        field: part.fieldname,
        fileName: part.filename,
        content: tooBig ? null : Buffer.concat(chunks),
        tooBig,
      };
    }
  } catch (error) {
    throw unreadable(error, reading, Object.keys(limits)[0] ?? 'file');
  }
  return { fields, file };
}
