/** @jest-environment jsdom */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { act } from 'react';
import { byTestId, installDomShims, mockStore, render, type Rendered } from '../../crud/test-support-render';
import { stateWith } from '../../crud/test-support';
import { createTranslator } from '../../crud/translator';
import { ManifestPrint, PrintPortal, wasteCategory } from './ManifestPrint';
import { ORDER, withState } from './test-support';
import type { TransferOrderDetail } from './types';

installDomShims();
const t = createTranslator('zh-CN');
let view: Rendered | null = null;
afterEach(() => {
  view?.unmount();
  view = null;
  document.body.innerHTML = '';
  jest.useRealTimers();
});

const RECEIVED: TransferOrderDetail = {
  ...withState(ORDER, 1, 1, 1),
  vehicleNames: ['浙A12345'], driverNames: ['李四'],
  lines: ORDER.lines.map((l) => ({ ...l, receivedQuantity: l.id === 71 ? 0.95 : 0.5 })),
  producerSignee: [{ id: 91, name: 'seal.png', size: 3, contentType: 'image/png' }],
  history: [
    ...ORDER.history,
    { id: 2, action: 'dispatch', party: 'transporter', userId: 4, userName: '赵六', creationTime: '2026-11-21T08:00:00', fromState: null, toState: null, reason: null, beforeValues: null, afterValues: null },
    { id: 3, action: 'agree', party: 'receiver', userId: 5, userName: '王五', creationTime: '2026-11-22T10:30:00', fromState: null, toState: null, reason: null, beforeValues: null, afterValues: null },
  ],
};
const ENTERPRISES = { 3: { id: 3, contactPhone: '0571-88880000' }, 4: null, 5: { id: 5, licenseNumber: '浙危废经第0001号' } };
const IMAGES = { 91: { status: 'loaded' as const, url: 'blob:seal' } };

const text = (id: string) => byTestId(id)?.textContent ?? '';

describe('ManifestPrint', () => {
  it('lays the order out in the three parts of the national manifest', () => {
    view = render(<ManifestPrint order={RECEIVED} enterprises={ENTERPRISES} images={IMAGES} t={t} />, mockStore(stateWith({})).store);
    expect(text('manifest-print')).toContain('危险废物转移联单');
    expect(text('print-manifestNo')).toBe('ZY20261121-00007');
    const part1 = text('print-part1');
    expect(part1).toContain('第一部分 废物产生单位填写');
    expect(text('print-producer')).toBe('某某化工');
    expect(text('print-producer-phone')).toBe('0571-88880000');
    const line = text('print-line-71');
    for (const cell of ['废矿物油', '900-214-08', 'HW08', '1.000', '液态', '毒性、易燃性', '桶 × 4', '某某处置 利用']) expect(line).toContain(cell);
    expect(text('print-total')).toBe('1.500');
    expect(text('print-part2')).toContain('第二部分 废物运输单位填写');
    expect([text('print-transporter'), text('print-plate'), text('print-driver'), text('print-transport-date')])
      .toEqual(['某某运输', '浙A12345', '李四', '2026-11-21']);
    expect(text('print-part3')).toContain('第三部分 废物接收单位填写');
    expect(text('print-licence')).toBe('浙危废经第0001号');
    expect(text('print-received-71')).toBe('0.950');
    expect(text('print-opinion')).toBe('同意接收');
    expect(byTestId('print-part1')?.querySelector('img')?.getAttribute('src')).toBe('blob:seal');
  });

  it('writes the return reason as the receiver’s opinion and leaves unknown details blank', () => {
    const returned = { ...withState(ORDER, 0, 1, 2), returnReason: '数量不符' };
    view = render(<ManifestPrint order={returned} enterprises={{}} images={{}} t={t} />, mockStore(stateWith({})).store);
    expect(text('print-opinion')).toBe('退回：数量不符');
    expect(text('print-producer-phone')).toBe('');
    expect(text('print-transport-date')).toBe('');
  });

  it('prints the manifest alone: it is rendered beside the app and the print sheet hides everything else', () => {
    jest.useFakeTimers();
    const print = jest.fn();
    const onDone = jest.fn();
    window.print = print;
    view = render(<PrintPortal order={RECEIVED} enterprises={ENTERPRISES} images={IMAGES} t={t} onDone={onDone} />, mockStore(stateWith({})).store);
    const root = byTestId('print-root')!;
    expect(root.parentElement).toBe(document.body);
    expect(root.className).toBe('transfer-print-root');
    act(() => {
      jest.runAllTimers();
    });
    expect(print).toHaveBeenCalledTimes(1);
    expect(onDone).toHaveBeenCalledTimes(1);

    const css = readFileSync(join(__dirname, 'manifest-print.css'), 'utf8');
    const printRules = css.slice(css.indexOf('@media print'));
    expect(printRules).toMatch(/body > \*:not\(\.transfer-print-root\)\s*\{\s*display: none !important;/);
    expect(printRules).toMatch(/\.transfer-print-root\s*\{\s*display: block !important;/);
    expect(css.slice(0, css.indexOf('@media print'))).toMatch(/\.transfer-print-root\s*\{\s*display: none;/);
  });

  it('names the category of a national waste code', () => {
    expect(wasteCategory('900-214-08')).toBe('HW08');
    expect(wasteCategory('261-084-45')).toBe('HW45');
    expect(wasteCategory('other')).toBe('');
  });
});
