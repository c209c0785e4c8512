/** The WebSocket of the runtime: the global one (browsers, Node ≥ 22), else the `ws` package (Node 20). */
export interface SocketLike {
  readonly readyState: number;
  send(data: string): void;
  close(code?: number, reason?: string): void;
  onopen: ((ev: unknown) => void) | null;
  onmessage: ((ev: { data: unknown }) => void) | null;
  onclose: ((ev: { code: number; reason: string }) => void) | null;
  onerror: ((ev: unknown) => void) | null;
}

type SocketCtor = new (url: string) => SocketLike;

let ctor: Promise<SocketCtor> | undefined;

export function socketCtor(): Promise<SocketCtor> {
  if (!ctor) {
    const global = (globalThis as { WebSocket?: SocketCtor }).WebSocket;
    ctor = global
      ? Promise.resolve(global)
      : import('ws').then((m) => (m.default ?? m.WebSocket) as unknown as SocketCtor);
  }
  return ctor;
}

export const OPEN = 1;

/** Frame text of a message event (a string in browsers, a Buffer from `ws`). */
export function frameText(data: unknown): string {
  if (typeof data === 'string') return data;
  if (data instanceof ArrayBuffer) return new TextDecoder().decode(data);
  if (ArrayBuffer.isView(data))
    return new TextDecoder().decode(new Uint8Array(data.buffer, data.byteOffset, data.byteLength));
  return String(data);
}
