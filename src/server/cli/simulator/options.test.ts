import { readOptions } from './options';

describe('the simulator\'s command line', () => {
  it('fills in the defaults: twenty devices, no households, the local server as admin of Default', () => {
    expect(readOptions([])).toMatchObject({
      devices: 20, households: 0, dropoffs: 2, rate: 1, batch: 5, url: 'http://localhost:21021', tenant: 'Default', user: 'admin', password: '123qwe',
    });
  });

  it('reads every option, whole numbers where counts are meant, and the server without a trailing slash', () => {
    const options = readOptions(['--devices', '0', '--households', '50.7', '--dropoffs', '0.5', '--rate', '0.1', '--batch', '3',
      '--url', 'http://10.0.0.5:8080//', '--tenant', 'Hangzhou', '--user', 'sim', '--password', 'pw', '--seed', '42']);
    expect(options).toEqual({
      devices: 0, households: 50, dropoffs: 0.5, rate: 0.1, batch: 3, url: 'http://10.0.0.5:8080', tenant: 'Hangzhou', user: 'sim', password: 'pw', seed: 42,
    });
  });

  it('refuses a value that is not a number or below its least, naming the option', () => {
    expect(() => readOptions(['--rate', '0'])).toThrow('--rate must be a number ≥ 0.001');
    expect(() => readOptions(['--devices', 'many'])).toThrow('--devices must be a number ≥ 0');
    expect(() => readOptions(['--batch', '0'])).toThrow('--batch must be a number ≥ 1');
    expect(() => readOptions(['--colour', 'red'])).toThrow(/colour/);
  });

  it('answers null for --help, so that the command prints its help instead of running', () => {
    expect(readOptions(['--help', '--devices', '5'])).toBeNull();
  });
});
