import { readConfig } from './config';

const prefix = (env: Record<string, string>) => readConfig(env).redisChannelPrefix;

describe('the deployment name before Redis channels', () => {
  test('instances of one deployment agree on it, whatever credentials each connects with', () => {
    expect(prefix({ DATABASE_URL: 'postgres://a:x@db.example:5432/waste' }))
      .toBe(prefix({ DATABASE_URL: 'postgresql://b:y@DB.example/waste?sslmode=require' }));
    expect(prefix({ DATA_DIR: '/srv/waste/data' })).toBe(prefix({ DATA_DIR: '/srv/waste/data/' }));
  });

  test('deployments on other databases get other names', () => {
    const names = new Set([
      prefix({ DATABASE_URL: 'postgres://a@db.example/waste' }),
      prefix({ DATABASE_URL: 'postgres://a@db.example/waste2' }),
      prefix({ DATABASE_URL: 'postgres://a@db.example:5433/waste' }),
      prefix({ DATABASE_URL: 'postgres://a@other.example/waste' }),
      prefix({ DATA_DIR: '/srv/waste/data' }),
      prefix({ DATA_DIR: '/srv/waste-test/data' }),
    ]);
    expect(names.size).toBe(6);
  });

  test('REDIS_CHANNEL_PREFIX names the deployment when set', () => {
    expect(prefix({ REDIS_CHANNEL_PREFIX: ' city-a ', DATABASE_URL: 'postgres://a@db.example/waste' })).toBe('city-a');
  });
});
