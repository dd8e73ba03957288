// A Server-Sent Events reader over real HTTP (fetch), for the live stream's tests and its bench
// (scripts/bench-live.ts): what a browser's EventSource would see, one message at a time.

/** One message of the stream: an event, a `retry:` line, or a comment (a heartbeat). */
export interface SseMessage {
  id?: string;
  event?: string;
  data?: string;
  retry?: number;
  comment?: string;
  /** when it was read (performance.now()) */
  at: number;
}

function parseBlock(block: string): SseMessage {
  const message: SseMessage = { at: performance.now() };
  for (const line of block.split('\n')) {
    if (line.startsWith(':')) {
      message.comment = line.slice(1).trim();
      continue;
    }
    const colon = line.indexOf(':');
    const field = colon === -1 ? line : line.slice(0, colon);
    const value = colon === -1 ? '' : line.slice(colon + 1).replace(/^ /, '');
    if (field === 'id') message.id = value;
    else if (field === 'event') message.event = value;
    else if (field === 'data')
      message.data = message.data === undefined ? value : `${message.data}\n${value}`;
    else if (field === 'retry') message.retry = Number(value);
  }
  return message;
}

export class SseStream {
  readonly messages: SseMessage[] = [];
  /** resolves when the server ends the stream (or it is closed here) */
  readonly ended: Promise<void>;
  #waiters: (() => void)[] = [];

  constructor(
    readonly response: Response,
    private readonly controller: AbortController,
  ) {
    // a refusal (401, 429) keeps its body for the caller to read
    const streaming = response.headers.get('content-type') === 'text/event-stream';
    this.ended = streaming ? this.#read() : Promise.resolve();
  }

  /** The events (not comments or retry lines), optionally of one type. */
  events(type?: string): SseMessage[] {
    return this.messages.filter(
      (message) => message.event !== undefined && (type === undefined || message.event === type),
    );
  }

  async #read(): Promise<void> {
    const body = this.response.body;
    if (!body) return;
    const reader = body.getReader();
    const decoder = new TextDecoder();
    let buffered = '';
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        buffered += decoder.decode(value, { stream: true });
        let end = buffered.indexOf('\n\n');
        while (end !== -1) {
          this.messages.push(parseBlock(buffered.slice(0, end)));
          buffered = buffered.slice(end + 2);
          end = buffered.indexOf('\n\n');
        }
        for (const wake of this.#waiters.splice(0)) wake();
      }
    } catch {
      // aborted here, or the connection was cut
    } finally {
      for (const wake of this.#waiters.splice(0)) wake();
    }
  }

  /** The first message (from index `from`) that matches, waiting up to `timeoutMs`. */
  async next(
    matches: (message: SseMessage) => boolean,
    { from = 0, timeoutMs = 5_000 }: { from?: number; timeoutMs?: number } = {},
  ): Promise<SseMessage> {
    const deadline = Date.now() + timeoutMs;
    let ended = false;
    void this.ended.then(() => {
      ended = true;
    });
    for (;;) {
      const found = this.messages.slice(from).find(matches);
      if (found) return found;
      const left = deadline - Date.now();
      if (left <= 0 || ended) {
        throw new Error(
          `no matching message in ${timeoutMs} ms; got ${JSON.stringify(this.messages.slice(from))}`,
        );
      }
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        this.#waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
  }

  close(): void {
    this.controller.abort();
  }
}

/** GET `url` as a stream (its status may say it was refused: read `response` first). */
export async function openSse(
  url: string,
  { cookie, lastEventId }: { cookie?: string; lastEventId?: string } = {},
): Promise<SseStream> {
  const controller = new AbortController();
  const response = await fetch(url, {
    headers: {
      accept: 'text/event-stream',
      ...(cookie ? { cookie } : {}),
      ...(lastEventId ? { 'last-event-id': lastEventId } : {}),
    },
    signal: controller.signal,
  });
  return new SseStream(response, controller);
}
