import { DEFAULT_TIME_ZONE } from '../../shared/time';
// The generic screens' file flows: Excel export through GetAll, and attachments up and down.
import { buffers, channel } from 'redux-saga';
import { expectSaga } from 'redux-saga-test-plan';
import type { EffectProviders } from 'redux-saga-test-plan/providers';
import { exportFileName } from './export';
import { createUploadChannel, fetchFileBlob, saveBlob, takeHeldFile, type UploadEvent } from './files';
import { createCrudSaga, crudSaga } from './sagas';
import { crudActions as A } from './slice';
import { abpError, fakeBackend, final, later, rootReducer, stateWith, WASTECODE_GETALL } from './test-support';

describe('export', () => {
  const total = 2345;
  const page = (payload?: Record<string, unknown>) => {
    const skip = Number(payload?.SkipCount);
    const size = Math.min(Number(payload?.MaxResultCount), total - skip);
    return { totalCount: total, items: Array.from({ length: size }, (_, i) => ({ id: skip + i + 1, code: `900-041-${skip + i}` })) };
  };

  it('fetches every page in calls of 1000 with the current query, reports progress, then writes one file', async () => {
    const backend = fakeBackend((_m, _u, payload) => page(payload));
    const initial = stateWith({ Wastecode: { currentPage: 4, keyword: '900', sorting: { field: 'code', direction: 'asc' }, filters: { wastecategoryId: 3 } } });
    const result = await expectSaga(crudSaga)
      .withReducer(rootReducer, initial)
      .provide(backend.providers)
      .put(A.exportProgressed({ resource: 'Wastecode', fetched: 1000, total }))
      .put(A.exportProgressed({ resource: 'Wastecode', fetched: 2000, total }))
      .put(A.exportProgressed({ resource: 'Wastecode', fetched: 2345, total }))
      .put(A.exportFinished({ resource: 'Wastecode' }))
      .dispatch(A.exportRequested({ resource: 'Wastecode', language: 'zh-CN' }))
      .silentRun(100);

    expect(backend.calls).toEqual([0, 1000, 2000].map((skip) => [
      'GET', WASTECODE_GETALL, { SkipCount: skip, MaxResultCount: 1000, Sorting: 'code', Keyword: '900', wastecategoryId: 3 },
    ]));
    expect(backend.workbooks).toHaveLength(1);
    const book = backend.workbooks[0];
    expect(book.fileName).toBe('废物代码-20240305.xlsx');
    expect(book.rows).toHaveLength(total);
    expect(book.columns.map((c) => c.header)).toEqual(['废物代码', '废物类别', '行业来源', '危险废物', '危险特性']);
    expect(book.rows[2344]['废物代码']).toBe('900-041-2344');
    expect(final(result).crud.byResource.Wastecode.exportProgress).toBeNull();
  });

  it('writes English headers when the screen was in English', async () => {
    const backend = fakeBackend((_m, _u, payload) => page(payload));
    await expectSaga(crudSaga)
      .withReducer(rootReducer, stateWith({}))
      .provide(backend.providers)
      .dispatch(A.exportRequested({ resource: 'Wastecode', language: 'en-US' }))
      .silentRun(100);
    expect(backend.workbooks[0].fileName).toBe('Waste codes-20240305.xlsx');
    expect(backend.workbooks[0].columns[0].header).toBe('Waste code');
  });

  it('stops without writing when cancelled', async () => {
    const backend = fakeBackend((_m, _u, payload) => later(30, page(payload)));
    const result = await expectSaga(crudSaga)
      .withReducer(rootReducer, stateWith({}))
      .provide(backend.providers)
      .dispatch(A.exportRequested({ resource: 'Wastecode', language: 'zh-CN' }))
      .delay(45)
      .dispatch(A.exportCancelled({ resource: 'Wastecode' }))
      .silentRun(150);
    expect(backend.calls.length).toBeLessThan(3);
    expect(backend.workbooks).toHaveLength(0);
    expect(final(result).crud.byResource.Wastecode.exportProgress).toBeNull();
  });

  it('keeps the dialog with the error when a page fails', async () => {
    const backend = fakeBackend((_m, _u, payload) => {
      if (Number(payload?.SkipCount) > 0) throw abpError(500, 'An internal error occurred during your request!');
      return page(payload);
    });
    const result = await expectSaga(crudSaga)
      .withReducer(rootReducer, stateWith({}))
      .provide(backend.providers)
      .dispatch(A.exportRequested({ resource: 'Wastecode', language: 'zh-CN' }))
      .silentRun(100);
    expect(backend.workbooks).toHaveLength(0);
    expect(final(result).crud.byResource.Wastecode.exportProgress).toMatchObject({ fetched: 1000, error: { status: 500 } });
  });

  it('honours a smaller page size from the factory and never asks for more than 1000', async () => {
    const backend = fakeBackend((_m, _u, payload) => page(payload));
    await expectSaga(createCrudSaga({ exportPageSize: 5000 }))
      .withReducer(rootReducer, stateWith({}))
      .provide(backend.providers)
      .dispatch(A.exportRequested({ resource: 'Wastecode', language: 'zh-CN' }))
      .silentRun(100);
    expect(backend.calls.every(([, , p]) => p?.MaxResultCount === 1000)).toBe(true);
    // Named by the tenant's day: 00:00:30 on 9 January in China is the 8th in UTC.
    expect(exportFileName('a/b', Date.UTC(2024, 0, 8, 16, 0, 30), DEFAULT_TIME_ZONE)).toBe('a_b-20240109.xlsx');
    expect(exportFileName('a/b', Date.UTC(2024, 0, 8, 15, 59, 30), DEFAULT_TIME_ZONE)).toBe('a_b-20240108.xlsx');
  });
});

describe('attachments', () => {
  const stored = { id: 31, name: '许可证.pdf', size: 2048, contentType: 'application/pdf' };
  const file = { name: '许可证.pdf', size: 2048 } as File;
  const upload = { uploadId: 'u1', resource: 'EnterpriseInformation@enterpriseinformation_wp', field: 'attachments', name: '许可证.pdf', size: 2048 };

  /** A channel the test fills; records the URL and file it was made for, and whether it was closed. */
  function fakeUploads(events: UploadEvent[], end = true) {
    const ch = channel<UploadEvent>(buffers.expanding(10));
    for (const e of events) ch.put(e);
    if (end) ch.close();
    const made: [string, File, Record<string, string>][] = [];
    const close = jest.spyOn(ch, 'close');
    const providers: EffectProviders = {
      call(effect, next) {
        if (effect.fn === takeHeldFile) return effect.args[0] === 'u1' ? file : undefined;
        if (effect.fn === createUploadChannel) {
          made.push(effect.args as [string, File, Record<string, string>]);
          return ch;
        }
        return next();
      },
    };
    return { providers, made, close };
  }

  it('posts the file to the service’s UploadFile for its field and reports progress, then the stored file', async () => {
    const fake = fakeUploads([{ type: 'progress', loaded: 1024, total: 2048 }, { type: 'done', file: stored }]);
    const result = await expectSaga(crudSaga)
      .withReducer(rootReducer, stateWith({}))
      .provide(fake.providers)
      .put(A.uploadProgressed({ uploadId: 'u1', loaded: 1024, total: 2048 }))
      .put(A.uploadSucceeded({ uploadId: 'u1', file: stored }))
      .dispatch(A.uploadRequested(upload))
      .silentRun(50);
    expect(fake.made).toEqual([['/api/services/app/EnterpriseInformation/UploadFile', file, { field: 'attachments' }]]);
    expect(final(result).crud.uploads.u1).toMatchObject({ status: 'done', file: stored, loaded: 2048 });
  });

  it('keeps the envelope’s message of a refused upload', async () => {
    const fake = fakeUploads([{ type: 'failed', error: { message: '文件大小不能超过20 MB', status: 400 } }]);
    const result = await expectSaga(crudSaga)
      .withReducer(rootReducer, stateWith({}))
      .provide(fake.providers)
      .dispatch(A.uploadRequested(upload))
      .silentRun(50);
    expect(final(result).crud.uploads.u1).toMatchObject({ status: 'failed', error: { message: '文件大小不能超过20 MB' } });
  });

  it('aborts an upload whose form closed', async () => {
    const fake = fakeUploads([{ type: 'progress', loaded: 1, total: 2048 }], false);
    const result = await expectSaga(crudSaga)
      .withReducer(rootReducer, stateWith({}))
      .provide(fake.providers)
      .dispatch(A.uploadRequested(upload))
      .delay(10)
      .dispatch(A.uploadsDiscarded({ resource: upload.resource, field: 'attachments' }))
      .silentRun(50);
    expect(fake.close).toHaveBeenCalled();
    expect(final(result).crud.uploads).toEqual({});
  });

  it('downloads a stored file as a blob and hands it to the browser under its name', async () => {
    const blob = new Blob(['%PDF']);
    const saved: [Blob, string][] = [];
    const result = await expectSaga(crudSaga)
      .withReducer(rootReducer, stateWith({}))
      .provide({
        call(effect, next) {
          if (effect.fn === fetchFileBlob) return effect.args[0] === 31 ? blob : next();
          if (effect.fn === saveBlob) {
            saved.push(effect.args as [Blob, string]);
            return undefined;
          }
          return next();
        },
      })
      .dispatch(A.downloadRequested({ fileId: 31, name: '许可证.pdf' }))
      .silentRun(50);
    expect(saved).toEqual([[blob, '许可证.pdf']]);
    expect(final(result).crud.downloads).toEqual({});
  });

  it('keeps a refused download’s message beside the file', async () => {
    const saved: unknown[] = [];
    const result = await expectSaga(crudSaga)
      .withReducer(rootReducer, stateWith({}))
      .provide({
        call(effect, next) {
          if (effect.fn === fetchFileBlob) throw abpError(403, '未授予所需权限');
          if (effect.fn === saveBlob) saved.push(effect.args);
          return next();
        },
      })
      .dispatch(A.downloadRequested({ fileId: 31, name: '许可证.pdf' }))
      .silentRun(50);
    expect(saved).toEqual([]);
    expect(final(result).crud.downloads[31]).toEqual({ loading: false, error: expect.objectContaining({ message: '未授予所需权限', status: 403 }) });
  });
});
