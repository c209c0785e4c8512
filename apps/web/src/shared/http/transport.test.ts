import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildUrl, encodeBody, request, serializeParams, TransportError } from './transport';

/** A stand-in for the browser's XMLHttpRequest that answers what the test scripts. */
class FakeXhr {
  static last: FakeXhr;
  static answer: (x: FakeXhr) => void = () => undefined;
  method = '';
  url = '';
  headers: Record<string, string> = {};
  body: unknown;
  timeout = 0;
  responseType: XMLHttpRequestResponseType = '';
  status = 0;
  responseText = '';
  response: unknown;
  upload: { onprogress?: (e: Partial<ProgressEvent>) => void } = {};
  onload?: () => void;
  onerror?: () => void;
  ontimeout?: () => void;
  onabort?: () => void;
  constructor() {
    FakeXhr.last = this;
  }
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(k: string, v: string) {
    this.headers[k] = v;
  }
  send(body: unknown) {
    this.body = body;
    FakeXhr.answer(this);
  }
  abort() {
    this.onabort?.();
  }
  reply(status: number, text: string) {
    this.status = status;
    this.responseText = text;
    this.onload?.();
  }
}

afterEach(() => vi.unstubAllGlobals());
const useFake = (answer: (x: FakeXhr) => void) => {
  FakeXhr.answer = answer;
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
};

describe('the HTTP transport', () => {
  it('writes query parameters as the server has always received them', () => {
    expect(serializeParams({ a: 'x y', b: 1, c: true, d: null, e: undefined, f: 'a,b:c$' })).toBe(
      'a=x+y&b=1&c=true&f=a,b:c$',
    );
    expect(serializeParams({ ids: [1, 2], range: { from: 3 } })).toBe(
      'ids%5B%5D=1&ids%5B%5D=2&range%5Bfrom%5D=3',
    );
    expect(serializeParams({ at: new Date('2026-01-02T03:04:05Z') })).toBe('at=2026-01-02T03:04:05.000Z');
    expect(buildUrl('/api/x', { q: '中' })).toBe('/api/x?q=%E4%B8%AD');
    expect(buildUrl('/api/x?a=1#top', { b: 2 })).toBe('/api/x?a=1&b=2');
    expect(buildUrl('/api/x', {})).toBe('/api/x');
  });

  it('sends objects as JSON and forms as they are', () => {
    expect(encodeBody({ a: 1 })).toEqual({ body: '{"a":1}', type: 'application/json;charset=utf-8' });
    const form = new FormData();
    expect(encodeBody(form)).toEqual({ body: form });
    expect(encodeBody(undefined)).toEqual({ body: null });
  });

  it('answers the status and the parsed body, with the caller headers set', async () => {
    useFake((x) => x.reply(400, '{"code":400,"msg":"bad"}'));
    const res = await request({
      url: '/api/y',
      method: 'post',
      params: { page: 2 },
      data: { name: 'n' },
      headers: { 'Blade-Auth': 'bearer t', Skip: undefined },
      timeout: 40_000,
    });
    expect(res).toEqual({ status: 400, data: { code: 400, msg: 'bad' } });
    const x = FakeXhr.last;
    expect([x.method, x.url, x.body, x.timeout]).toEqual(['POST', '/api/y?page=2', '{"name":"n"}', 40_000]);
    expect(x.headers['Blade-Auth']).toBe('bearer t');
    expect(x.headers['Content-Type']).toBe('application/json;charset=utf-8');
    expect('Skip' in x.headers).toBe(false);
  });

  it('keeps a body that is not JSON as text', async () => {
    useFake((x) => x.reply(200, 'plain words'));
    await expect(request({ url: '/t' })).resolves.toEqual({ status: 200, data: 'plain words' });
  });

  it('treats statuses beyond 500 as a network failure, and tells time-outs and cancels apart', async () => {
    useFake((x) => x.reply(502, 'Bad Gateway'));
    await expect(request({ url: '/a' })).rejects.toEqual(new TransportError('network'));
    useFake((x) => x.ontimeout?.());
    await expect(request({ url: '/a' })).rejects.toMatchObject({ kind: 'timeout' });
    const ctl = new AbortController();
    useFake(() => ctl.abort());
    await expect(request({ url: '/a', signal: ctl.signal })).rejects.toMatchObject({ kind: 'abort' });
  });

  it('reports upload progress as loaded, total and a fraction', async () => {
    const seen: unknown[] = [];
    useFake((x) => {
      x.upload.onprogress?.({ loaded: 50, total: 200, lengthComputable: true });
      x.upload.onprogress?.({ loaded: 10, total: 0, lengthComputable: false });
      x.reply(200, '{"code":200}');
    });
    await request({
      url: '/up',
      method: 'POST',
      data: new FormData(),
      onUploadProgress: (e) => seen.push(e),
    });
    expect(seen).toEqual([
      { loaded: 50, total: 200, progress: 0.25 },
      { loaded: 10, total: undefined, progress: undefined },
    ]);
  });
});
