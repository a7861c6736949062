/** A multipart/form-data body built by hand (as a browser's FormData would send it), for inject(). */
export interface Part {
  name: string;
  value: string | Buffer;
  filename?: string;
  type?: string;
}

export function multipartBody(parts: Part[]): { payload: Buffer; contentType: string } {
  const boundary = `----deckhand${Math.random().toString(16).slice(2)}`;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const disposition = `form-data; name="${part.name}"${part.filename ? `; filename="${part.filename}"` : ''}`;
    const head = `--${boundary}\r\nContent-Disposition: ${disposition}\r\n${part.filename ? `Content-Type: ${part.type ?? 'image/jpeg'}\r\n` : ''}\r\n`;
    chunks.push(
      Buffer.from(head),
      Buffer.isBuffer(part.value) ? part.value : Buffer.from(part.value),
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}
