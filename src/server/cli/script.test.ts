import { failureText, runAsScript } from './script';

const flush = () => new Promise((resolve) => setImmediate(resolve));

describe('a script run as the process entry', () => {
  it('does nothing when the file is imported rather than run', () => {
    const work = jest.fn(() => Promise.resolve());
    const exit = jest.fn();
    // Under Jest, as under node, the entry is the file the process started with: here this test file.
    expect(runAsScript({ ...module, id: 'an imported script' }, work, exit)).toBe(false);
    expect(runAsScript(module, work, exit, { ...module, id: 'another entry' })).toBe(false);
    expect(work).not.toHaveBeenCalled();
  });

  it('runs the work, and leaves the process alone when it succeeds', async () => {
    const work = jest.fn(() => Promise.resolve('done'));
    const exit = jest.fn();
    expect(runAsScript(module, work, exit)).toBe(true);
    await flush();
    expect(work).toHaveBeenCalledTimes(1);
    expect(exit).not.toHaveBeenCalled();
  });

  it('prints a failure\'s message and cause, without a stack, and exits with 1', async () => {
    const failure = new Error('fetch failed', { cause: new Error('connect ECONNREFUSED 127.0.0.1:21021') });
    const printed = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const exit = jest.fn();
    try {
      runAsScript(module, () => Promise.reject(failure), exit);
      await flush();
      expect(printed).toHaveBeenCalledWith('fetch failed: connect ECONNREFUSED 127.0.0.1:21021');
      expect(exit).toHaveBeenCalledWith(1);
    } finally {
      printed.mockRestore();
    }
  });

  it('prints a failure without a cause as its message, and a thrown non-error as text', () => {
    expect(failureText(new Error('--devices must be a number ≥ 0'))).toBe('--devices must be a number ≥ 0');
    expect(failureText('stopped')).toBe('stopped');
  });
});
