import type { AxiosAdapter, InternalAxiosRequestConfig } from 'axios';
import { END, type EventChannel } from 'redux-saga';
import { http } from '../api/http';
import { createUploadChannel, fetchFileBlob, fileInfosOf, formatFileSize, holdFile, takeHeldFile, type UploadEvent } from './files';
import { toCrudError } from './api-error';

const envelope = (result: unknown) => ({ result, success: true, error: null, unAuthorizedRequest: false, __abp: true });

/** Every event of a channel until it ends. */
function drain(channel: EventChannel<UploadEvent>): Promise<UploadEvent[]> {
  const events: UploadEvent[] = [];
  return new Promise((resolve) => {
    const next = () => channel.take((event) => {
      if (event === END) resolve(events);
      else {
        events.push(event as UploadEvent);
        next();
      }
    });
    next();
  });
}

const original = http.defaults.adapter;
afterEach(() => {
  http.defaults.adapter = original;
});

describe('formatFileSize', () => {
  it('writes bytes, then one decimal below ten of a unit', () => {
    expect(formatFileSize(532)).toBe('532 B');
    expect(formatFileSize(1536)).toBe('1.5 KB');
    expect(formatFileSize(12 * 1024)).toBe('12 KB');
    expect(formatFileSize(1.2 * 1024 * 1024)).toBe('1.2 MB');
    expect(formatFileSize(1024 * 1024)).toBe('1 MB');
    expect(formatFileSize(3.25 * 1024 ** 3)).toBe('3.3 GB');
    expect(formatFileSize(Number.NaN)).toBe('');
  });
});

describe('fileInfosOf', () => {
  it('keeps stored files and turns bare ids into placeholders', () => {
    expect(fileInfosOf([{ id: 3, name: 'a.pdf', size: 10, contentType: 'application/pdf' }, 4, 'x', null])).toEqual([
      { id: 3, name: 'a.pdf', size: 10, contentType: 'application/pdf' },
      { id: 4, name: '#4', size: 0, contentType: '' },
    ]);
    expect(fileInfosOf(null)).toEqual([]);
  });
});

describe('held files', () => {
  it('hands a chosen file over once', () => {
    const file = new File(['x'], 'a.txt');
    const id = holdFile(file);
    expect(holdFile(file)).not.toBe(id);
    expect(takeHeldFile(id)).toBe(file);
    expect(takeHeldFile(id)).toBeUndefined();
  });
});

describe('createUploadChannel', () => {
  it('posts the file as the multipart field `file`, with the files field it is for, and reports progress and the stored file', async () => {
    const seen: InternalAxiosRequestConfig[] = [];
    const adapter: AxiosAdapter = async (config) => {
      seen.push(config);
      config.onUploadProgress?.({ loaded: 2, total: 4, bytes: 2, lengthComputable: true });
      return { data: envelope({ id: 9, name: 'a.pdf', size: 4, contentType: 'application/pdf' }), status: 200, statusText: 'OK', headers: {}, config };
    };
    http.defaults.adapter = adapter;
    const file = new File(['%PDF'], 'a.pdf', { type: 'application/pdf' });
    const events = await drain(createUploadChannel('/api/services/app/Contract/UploadFile', file, { field: 'attachments' }));
    expect(events).toEqual([
      { type: 'progress', loaded: 2, total: 4 },
      { type: 'done', file: { id: 9, name: 'a.pdf', size: 4, contentType: 'application/pdf' } },
    ]);
    expect(seen[0].url).toBe('/api/services/app/Contract/UploadFile');
    expect(seen[0].method).toBe('post');
    expect(seen[0].silent).toBe(true);
    const sent = seen[0].data as FormData;
    expect((sent.get('file') as File).name).toBe('a.pdf');
    expect(sent.get('field')).toBe('attachments');
  });

  it('reports a refusal with the envelope’s message', async () => {
    http.defaults.adapter = async (config) => {
      throw Object.assign(new Error('Request failed with status code 400'), {
        isAxiosError: true, config,
        response: { status: 400, data: { success: false, error: { code: 0, message: '不支持该文件类型', details: null } }, headers: {}, config },
      });
    };
    const events = await drain(createUploadChannel('/u', new File(['x'], 'a.exe')));
    expect(events).toEqual([{ type: 'failed', error: expect.objectContaining({ message: '不支持该文件类型', status: 400 }) }]);
  });

  it('aborts the request when the channel is closed', async () => {
    let signal: AbortSignal | undefined;
    http.defaults.adapter = (config) => {
      signal = config.signal as AbortSignal;
      return new Promise(() => {});
    };
    const channel = createUploadChannel('/u', new File(['x'], 'a.pdf'));
    await Promise.resolve();
    channel.close();
    expect(signal?.aborted).toBe(true);
  });
});

describe('fetchFileBlob', () => {
  it('asks for the file as a blob', async () => {
    const seen: InternalAxiosRequestConfig[] = [];
    http.defaults.adapter = async (config) => {
      seen.push(config);
      return { data: new Blob(['%PDF']), status: 200, statusText: 'OK', headers: {}, config };
    };
    const blob = await fetchFileBlob(31);
    expect(await blob.text()).toBe('%PDF');
    expect(seen[0]).toMatchObject({ url: '/api/files/31', responseType: 'blob', silent: true });
  });

  it('reads a refusal sent as a blob back into the envelope', async () => {
    http.defaults.adapter = async (config) => {
      const { AxiosError } = await import('axios');
      const response = { data: new Blob([JSON.stringify({ success: false, error: { message: '文件不存在', details: null } })]), status: 404, statusText: 'Not Found', headers: {}, config };
      throw new AxiosError('Request failed with status code 404', 'ERR_BAD_REQUEST', config, null, response);
    };
    const error = await fetchFileBlob(99).catch((e: unknown) => e);
    expect(toCrudError(error)).toMatchObject({ message: '文件不存在', status: 404 });
  });
});
