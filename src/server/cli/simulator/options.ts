import { parseArgs } from 'node:util';

export const HELP = `Drives simulated smart containers against a running server.

  npm run simulate -- [options]

  --devices N      devices to drive (default 20; 0 for none). Uses the tenant's SIM-xxxx devices; when there are fewer, creates
                   the missing ones (bound to a hazardous waste, with a model) through the API.
  --rate R         readings per second PER DEVICE (default 1; 0.1 = one every 10 s). The total is N × R.
  --batch B        readings a device sends per request (default 5); a device also sends early before going silent
                   and before a pickup.
  --url U          server (default http://localhost:21021)
  --tenant T       tenancy name (default Default)
  --user U         a user allowed to manage devices and storage (default admin)
  --password P     (default 123qwe)
  --seed S         random seed (default: the time)
  --households H   recycling households to drive (default 0): SIMH000001… in a simulated compound, dropping waste
                   off at a smart station and redeeming points at two exchange machines, which are restocked as they
                   empty. Created on first use, with a points rule for every kind of waste that has none.
  --dropoffs D     drop-offs per household per minute (default 2)
  --help

Each device fills slowly and is emptied at pickups (recorded first with UpdateCurrentWeight, so a pickup is no
reduction), drains its battery, has temperature noise and a rare hot spell, now and then goes silent for longer than
its model's offline limit, and rarely loses waste without a pickup (a reduction warning). Device keys are regenerated
at the start: a second simulator (or real hardware) on the same devices stops the first one's keys.
Prints one line every 5 s; Ctrl-C stops cleanly (twice: at once).`;

export interface Options {
  devices: number;
  households: number;
  dropoffs: number;
  rate: number;
  batch: number;
  url: string;
  tenant: string;
  user: string;
  password: string;
  seed: number;
}

/** The command line's options, defaults filled in; null when help was asked for. Throws on a bad value. */
export function readOptions(args: string[]): Options | null {
  const { values } = parseArgs({
    args,
    options: {
      devices: { type: 'string' }, rate: { type: 'string' }, batch: { type: 'string' }, url: { type: 'string' },
      tenant: { type: 'string' }, user: { type: 'string' }, password: { type: 'string' }, seed: { type: 'string' },
      households: { type: 'string' }, dropoffs: { type: 'string' },
      help: { type: 'boolean' },
    },
  });
  if (values.help) return null;
  const number = (name: string, raw: string | undefined, fallback: number, min: number) => {
    const value = raw === undefined ? fallback : Number(raw);
    if (!Number.isFinite(value) || value < min) throw new Error(`--${name} must be a number ≥ ${min}`);
    return value;
  };
  return {
    devices: Math.floor(number('devices', values.devices, 20, 0)),
    households: Math.floor(number('households', values.households, 0, 0)),
    dropoffs: number('dropoffs', values.dropoffs, 2, 0.01),
    rate: number('rate', values.rate, 1, 0.001),
    batch: Math.floor(number('batch', values.batch, 5, 1)),
    url: (values.url ?? 'http://localhost:21021').replace(/\/+$/, ''),
    tenant: values.tenant ?? 'Default',
    user: values.user ?? 'admin',
    password: values.password ?? '123qwe',
    seed: Math.floor(number('seed', values.seed, Date.now() % 1e9, 0)),
  };
}
