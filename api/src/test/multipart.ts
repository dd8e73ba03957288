// A multipart/form-data body for app.inject, as a browser's FormData sends it.

export interface Part {
  name: string;
  value: string | Buffer;
  filename?: string;
  type?: string;
}

export function multipart(parts: Part[]) {
  const boundary = '----guestspot-test-boundary';
  const chunks = parts.flatMap((part) => [
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"` +
        (part.filename ? `; filename="${part.filename}"` : '') +
        '\r\n' +
        (part.filename ? `Content-Type: ${part.type ?? 'application/octet-stream'}\r\n` : '') +
        '\r\n',
    ),
    typeof part.value === 'string' ? Buffer.from(part.value) : part.value,
    Buffer.from('\r\n'),
  ]);
  return {
    body: Buffer.concat([...chunks, Buffer.from(`--${boundary}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}
