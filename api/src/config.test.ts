import assert from 'node:assert/strict';
import os from 'node:os';
import { describe, it } from 'node:test';
import {
  appConfigFromEnv,
  DEV_SESSION_SECRET,
  isLoopbackAddress,
  productionConfigProblems,
  serverConfigFromEnv,
  withDevSurfaceRules,
} from './config';

const LONG_SECRET = 'x'.repeat(32);

/** What a well configured production server has. */
const PRODUCTION = {
  NODE_ENV: 'production',
  SESSION_SECRET: LONG_SECRET,
  SMTP_URL: 'smtp://mail.example.test:587',
  APP_URL: 'https://guestspot.example',
  STRIPE_SECRET_KEY: 'sk_live_example',
  MEDIA_DIR: '/srv/guestspot/media',
};

describe('isLoopbackAddress', () => {
  it('knows 127.0.0.0/8 and ::1, also IPv4-mapped, bracketed or by name', () => {
    for (const address of [
      '127.0.0.1',
      '127.1.2.3',
      '::1',
      '[::1]',
      '::ffff:127.0.0.1',
      'localhost',
      'LOCALHOST',
    ]) {
      assert.equal(isLoopbackAddress(address), true, address);
    }
  });

  it('refuses every other address, the wildcard ones included', () => {
    for (const address of [
      '0.0.0.0',
      '::',
      '10.0.0.1',
      '192.168.1.10',
      '203.0.113.7',
      '128.0.0.1',
      '::ffff:10.0.0.1',
      '2001:db8::1',
      '127.0.0.1.example.test',
      'localhost.example.test',
      '',
    ]) {
      assert.equal(isLoopbackAddress(address), false, address);
    }
  });
});

describe('development surfaces (decision 062)', () => {
  const surfaces = (env: NodeJS.ProcessEnv) => {
    const { devSurfaces, oauthLocal, payoutLocal } = appConfigFromEnv(env);
    return { devSurfaces, oauthLocal, payoutLocal };
  };
  const ON = { devSurfaces: true, oauthLocal: true, payoutLocal: true };
  const OFF = { devSurfaces: false, oauthLocal: false, payoutLocal: false };

  it('are on in development on a loopback HOST (the default 127.0.0.1)', () => {
    assert.deepEqual(surfaces({}), ON);
    assert.deepEqual(surfaces({ NODE_ENV: 'development', HOST: '127.0.0.1' }), ON);
    assert.deepEqual(surfaces({ NODE_ENV: 'test', HOST: '::1' }), ON);
    assert.deepEqual(surfaces({ HOST: 'localhost' }), ON);
  });

  it('are off on a non-loopback HOST (NODE_ENV forgotten) unless DEV_SURFACES=1 says so', () => {
    assert.deepEqual(surfaces({ HOST: '0.0.0.0' }), OFF);
    assert.deepEqual(surfaces({ HOST: '::' }), OFF);
    assert.deepEqual(surfaces({ HOST: '10.0.0.5' }), OFF);
    assert.deepEqual(surfaces({ HOST: '0.0.0.0', DEV_SURFACES: '1' }), ON);
  });

  it('DEV_SURFACES=0 turns them off, also on loopback', () => {
    assert.deepEqual(surfaces({ DEV_SURFACES: '0' }), OFF);
    assert.deepEqual(surfaces({ HOST: '127.0.0.1', DEV_SURFACES: 'false' }), OFF);
  });

  it('are never on with NODE_ENV=production, whatever else is set', () => {
    assert.deepEqual(surfaces({ NODE_ENV: 'production' }), OFF);
    assert.deepEqual(
      surfaces({
        NODE_ENV: 'production',
        HOST: '127.0.0.1',
        DEV_SURFACES: '1',
        OAUTH_LOCAL: '1',
        PAYOUT_LOCAL: '1',
      }),
      OFF,
    );
  });

  it('OAUTH_LOCAL and PAYOUT_LOCAL can turn their surface off, never on without the others', () => {
    assert.deepEqual(surfaces({ OAUTH_LOCAL: '0' }), { ...ON, oauthLocal: false });
    assert.deepEqual(surfaces({ PAYOUT_LOCAL: '0' }), { ...ON, payoutLocal: false });
    assert.deepEqual(surfaces({ HOST: '0.0.0.0', OAUTH_LOCAL: '1', PAYOUT_LOCAL: '1' }), OFF);
    assert.deepEqual(surfaces({ DEV_SURFACES: '0', OAUTH_LOCAL: '1', PAYOUT_LOCAL: '1' }), OFF);
  });

  it('an override turning devSurfaces off takes the local providers with it', () => {
    const config = withDevSurfaceRules({ ...appConfigFromEnv({}), devSurfaces: false });
    assert.equal(config.oauthLocal, false);
    assert.equal(config.payoutLocal, false);
  });
});

describe('COOKIE_SECURE', () => {
  const secure = (env: NodeJS.ProcessEnv) => appConfigFromEnv(env).cookieSecure;

  it('defaults to on when APP_URL is https, off when it is http', () => {
    assert.equal(secure({ APP_URL: 'https://guestspot.example' }), true);
    assert.equal(secure({ APP_URL: 'http://127.0.0.1:3000' }), false);
    assert.equal(secure({}), false);
  });

  it('an explicit value wins', () => {
    assert.equal(secure({ APP_URL: 'https://guestspot.example', COOKIE_SECURE: '0' }), false);
    assert.equal(secure({ APP_URL: 'http://127.0.0.1:3000', COOKIE_SECURE: '1' }), true);
  });
});

describe('productionConfigProblems', () => {
  const problems = (env: NodeJS.ProcessEnv) => productionConfigProblems(appConfigFromEnv(env), env);
  const onlyProblem = (env: NodeJS.ProcessEnv, variable: string) => {
    const found = problems(env);
    assert.equal(found.length, 1, found.join('\n'));
    assert.match(found[0]!, new RegExp(`\\b${variable}\\b`));
    return found[0]!;
  };

  it('finds nothing outside production, however unsafe', () => {
    assert.deepEqual(problems({}), []);
    assert.deepEqual(problems({ APP_URL: 'https://x.example', COOKIE_SECURE: '0' }), []);
    assert.deepEqual(problems({ ...PRODUCTION, NODE_ENV: 'development', DEV_SURFACES: '1' }), []);
  });

  it('finds nothing in a well configured production', () => {
    assert.deepEqual(problems(PRODUCTION), []);
    assert.deepEqual(problems({ ...PRODUCTION, APP_URL: 'http://10.0.0.5:3000' }), []);
    assert.deepEqual(
      problems({ ...PRODUCTION, DEV_SURFACES: '0', OAUTH_LOCAL: '0', PAYOUT_LOCAL: 'off' }),
      [],
    );
  });

  it('names SESSION_SECRET when it is unset, the development default or too short', () => {
    assert.match(
      onlyProblem({ ...PRODUCTION, SESSION_SECRET: undefined }, 'SESSION_SECRET'),
      /not set/,
    );
    assert.match(
      onlyProblem({ ...PRODUCTION, SESSION_SECRET: DEV_SESSION_SECRET }, 'SESSION_SECRET'),
      /development default/,
    );
    assert.match(
      onlyProblem({ ...PRODUCTION, SESSION_SECRET: 'x'.repeat(31) }, 'SESSION_SECRET'),
      /too short \(31 characters\)/,
    );
  });

  it('names SMTP_URL when there is no mail transport', () => {
    onlyProblem({ ...PRODUCTION, SMTP_URL: undefined }, 'SMTP_URL');
    onlyProblem({ ...PRODUCTION, SMTP_URL: '' }, 'SMTP_URL');
  });

  it('names COOKIE_SECURE when it is turned off behind an https APP_URL', () => {
    onlyProblem({ ...PRODUCTION, COOKIE_SECURE: '0' }, 'COOKIE_SECURE');
  });

  it('names APP_URL when it is not set (email links would point at 127.0.0.1)', () => {
    onlyProblem({ ...PRODUCTION, APP_URL: undefined }, 'APP_URL');
  });

  it('names STRIPE_SECRET_KEY when payments would go to the local provider (test cards)', () => {
    onlyProblem({ ...PRODUCTION, STRIPE_SECRET_KEY: undefined }, 'STRIPE_SECRET_KEY');
  });

  it('names MEDIA_DIR and S3_BUCKET when uploads would land in the API folder (decision 090)', () => {
    const found = onlyProblem({ ...PRODUCTION, MEDIA_DIR: undefined }, 'MEDIA_DIR');
    assert.match(found, /\bS3_BUCKET\b/);
    const s3 = { S3_BUCKET: 'media', S3_ACCESS_KEY_ID: 'key', S3_SECRET_ACCESS_KEY: 'secret' };
    assert.deepEqual(problems({ ...PRODUCTION, MEDIA_DIR: undefined, ...s3 }), []);
  });

  it('names SEED when the demo accounts (one published password) would be seeded', () => {
    onlyProblem({ ...PRODUCTION, SEED: '1' }, 'SEED');
    assert.equal(serverConfigFromEnv(PRODUCTION).seed, false, 'off by default in production');
    assert.equal(serverConfigFromEnv({}).seed, true, 'on by default in development');
  });

  it('names DEV_SURFACES, OAUTH_LOCAL or PAYOUT_LOCAL when one is turned on', () => {
    for (const variable of ['DEV_SURFACES', 'OAUTH_LOCAL', 'PAYOUT_LOCAL']) {
      onlyProblem({ ...PRODUCTION, [variable]: '1' }, variable);
    }
  });

  it('lists every problem at once', () => {
    const found = problems({
      NODE_ENV: 'production',
      APP_URL: 'https://guestspot.example',
      COOKIE_SECURE: '0',
      DEV_SURFACES: 'yes',
    });
    assert.equal(found.length, 6, found.join('\n'));
    for (const [index, variable] of [
      'SESSION_SECRET',
      'SMTP_URL',
      'COOKIE_SECURE',
      'STRIPE_SECRET_KEY',
      'MEDIA_DIR',
      'DEV_SURFACES',
    ].entries()) {
      assert.match(found[index]!, new RegExp(`^${variable}\\b`));
    }
  });
});

describe('media storage (decision 090)', () => {
  it('is the folder beside the database unless MEDIA_DIR names one', () => {
    assert.match(appConfigFromEnv({}).mediaDir, /[/\\]api[/\\]data[/\\]media$/);
    assert.match(
      appConfigFromEnv({ DATA_DIR: '/srv/db/pglite' }).mediaDir,
      /[/\\]srv[/\\]db[/\\]media$/,
    );
    assert.match(appConfigFromEnv({ MEDIA_DIR: '/srv/media' }).mediaDir, /[/\\]srv[/\\]media$/);
    assert.equal(appConfigFromEnv({}).s3, null);
  });

  it('is an S3-compatible bucket with S3_BUCKET: AWS by region, or an endpoint in path style', () => {
    const keys = { S3_ACCESS_KEY_ID: 'key', S3_SECRET_ACCESS_KEY: 'secret' };
    assert.deepEqual(appConfigFromEnv({ S3_BUCKET: 'media', S3_REGION: 'eu-west-1', ...keys }).s3, {
      bucket: 'media',
      endpoint: 'https://s3.eu-west-1.amazonaws.com',
      region: 'eu-west-1',
      accessKeyId: 'key',
      secretAccessKey: 'secret',
      pathStyle: false,
    });
    const minio = appConfigFromEnv({
      S3_BUCKET: 'media',
      S3_ENDPOINT: 'http://127.0.0.1:9000/',
      ...keys,
    }).s3;
    assert.equal(minio?.endpoint, 'http://127.0.0.1:9000');
    assert.equal(minio?.region, 'us-east-1');
    assert.equal(minio?.pathStyle, true);
    const virtual = appConfigFromEnv({
      S3_BUCKET: 'media',
      S3_ENDPOINT: 'https://r2.example.com',
      S3_FORCE_PATH_STYLE: '0',
      ...keys,
    }).s3;
    assert.equal(virtual?.pathStyle, false);
  });

  it('refuses a bucket without its keys, and an endpoint with a path', () => {
    assert.throws(
      () => appConfigFromEnv({ S3_BUCKET: 'media', S3_ACCESS_KEY_ID: 'key' }),
      /S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY/,
    );
    assert.throws(
      () =>
        appConfigFromEnv({
          S3_BUCKET: 'media',
          S3_ACCESS_KEY_ID: 'key',
          S3_SECRET_ACCESS_KEY: 'secret',
          S3_ENDPOINT: 'https://s3.example.com/media',
        }),
      /S3_ENDPOINT must be an origin/,
    );
  });
});

describe('API_PROCESSES', () => {
  const postgres = { DATABASE_URL: 'postgres://app@127.0.0.1:5432/guestspot' };

  it('is one process unless asked, and "auto" is one per core', () => {
    assert.equal(serverConfigFromEnv({}).processes, 1);
    assert.equal(serverConfigFromEnv({ ...postgres, API_PROCESSES: '3' }).processes, 3);
    assert.equal(
      serverConfigFromEnv({ ...postgres, API_PROCESSES: 'auto' }).processes,
      os.availableParallelism(),
    );
  });

  it('refuses more than one process on the embedded database, and what is not a count', () => {
    assert.throws(() => serverConfigFromEnv({ API_PROCESSES: '2' }), /needs DATABASE_URL/);
    assert.equal(serverConfigFromEnv({ API_PROCESSES: '1' }).processes, 1);
    for (const value of ['0', '-1', '1.5', 'many']) {
      assert.throws(
        () => serverConfigFromEnv({ ...postgres, API_PROCESSES: value }),
        /API_PROCESSES must be a whole number/,
      );
    }
  });
});

describe('OUTBOX_POLL_MS (decision 112)', () => {
  it('polls the activity outbox every second unless told otherwise; 0 turns the worker off', () => {
    assert.equal(appConfigFromEnv({}).outboxPollMs, 1000);
    assert.equal(appConfigFromEnv({ OUTBOX_POLL_MS: '250' }).outboxPollMs, 250);
    assert.equal(appConfigFromEnv({ OUTBOX_POLL_MS: '0' }).outboxPollMs, 0);
    for (const value of ['-1', '1.5', 'often']) {
      assert.throws(
        () => appConfigFromEnv({ OUTBOX_POLL_MS: value }),
        /OUTBOX_POLL_MS must be a whole number of milliseconds/,
      );
    }
  });
});
