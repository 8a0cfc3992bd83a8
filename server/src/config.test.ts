import path from 'node:path';
import { ConfigError, DEV_ADMIN_SUB, loadConfig, parseInterval, REPO_ROOT } from './config.js';

describe('configuration from the environment', () => {
  it('has working defaults for development with the development identity provider asked for', () => {
    const config = loadConfig({ DEV_IDP: 'true' });
    expect(config).toMatchObject({
      port: 8080,
      host: 'localhost',
      publicUrl: 'http://localhost:8080',
      secure: false,
      databaseUrl: null,
      dataDir: path.join(REPO_ROOT, '.data'),
      oidc: null,
      devIdp: true,
      devSeed: true,
      superUserSubs: [DEV_ADMIN_SUB],
      expiryNotificationDays: 30,
      institutionAdminEntitlement: 'urn:mace:surfnet.nl:surfnet.nl:sab:role:SURFconextverantwoordelijke',
      staticDir: REPO_ROOT,
    });
  });

  it('reads a full production setup', () => {
    const config = loadConfig({
      PORT: '9000',
      PUBLIC_URL: 'https://portal.example.org/',
      DATABASE_URL: 'postgres://u:p@db/portal',
      OIDC_ISSUER: 'https://connect.example.org',
      OIDC_CLIENT_ID: 'portal',
      OIDC_CLIENT_SECRET: 'secret',
      SESSION_SECRET: 'a-very-long-session-secret',
      SUPER_USER_SUBS: 'urn:a, urn:b',
      PAST_DATE_ALLOWED: 'true',
      CRON_CLEANUP: '15m',
      REMOTE_TOKENS_URL: 'https://cdn.example.org/tokens/mf-manifest.json',
    });
    expect(config).toMatchObject({
      port: 9000,
      publicUrl: 'https://portal.example.org',
      secure: true,
      devIdp: false,
      devSeed: false,
      superUserSubs: ['urn:a', 'urn:b'],
      pastDateAllowed: true,
      cronCleanupMs: 15 * 60_000,
      remoteUrls: { tokens: 'https://cdn.example.org/tokens/mf-manifest.json' },
    });
  });

  it.each([
    [{ DEV_IDP: 'true', PORT: 'eighty' }, /PORT/],
    [{ PORT: '70000' }, /PORT/],
    [{ PUBLIC_URL: 'portal.example.org' }, /PUBLIC_URL/],
    [{ DATABASE_URL: 'mysql://x' }, /DATABASE_URL/],
    [{ PAST_DATE_ALLOWED: 'perhaps' }, /PAST_DATE_ALLOWED/],
    [{ CRON_CLEANUP: 'hourly' }, /CRON_CLEANUP/],
    [{ LOG_LEVEL: 'loud' }, /LOG_LEVEL/],
    [{ EXPIRY_NOTIFICATION_DAYS: '0' }, /EXPIRY_NOTIFICATION_DAYS/],
    [{ OIDC_ISSUER: 'https://idp.example.org' }, /OIDC_ISSUER, OIDC_CLIENT_ID and OIDC_CLIENT_SECRET/],
    [
      { OIDC_ISSUER: 'https://idp.example.org', OIDC_CLIENT_ID: 'c', OIDC_CLIENT_SECRET: 's' },
      /SESSION_SECRET is required/,
    ],
    [{ DEV_IDP: 'true', SESSION_SECRET: 'short' }, /SESSION_SECRET/],
  ])('refuses %j naming the variable', (env, message) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(message);
  });

  it('reads remotes of any id from REMOTE_<ID>_URL and REMOTES, which wins', () => {
    const config = loadConfig({
      DEV_IDP: 'true',
      REMOTE_TOKENS_URL: 'https://cdn.example.org/tokens/mf-manifest.json',
      REMOTE_AUDIT_TRAIL_URL: 'https://cdn.example.org/audit/mf-manifest.json',
      REMOTES: '{"reports":"https://cdn.example.org/reports/mf-manifest.json","tokens":"/t.json"}',
    });
    expect(config.remoteUrls).toEqual({
      tokens: '/t.json',
      'audit-trail': 'https://cdn.example.org/audit/mf-manifest.json',
      reports: 'https://cdn.example.org/reports/mf-manifest.json',
    });
  });

  it.each(['[1]', '{"reports":42}', 'not json', '{"../x":"/x.json"}'])('refuses REMOTES=%s', (value) => {
    expect(() => loadConfig({ DEV_IDP: 'true', REMOTES: value })).toThrow(/REMOTES must be a JSON object/);
  });

  it('trusts the local remote dev servers for login only with the development identity provider', () => {
    expect(loadConfig({ DEV_IDP: 'true' }).trustedOrigins).toEqual([
      'http://localhost:3001',
      'http://localhost:3002',
      'http://localhost:3003',
      'http://localhost:3004',
    ]);
    const production = {
      OIDC_ISSUER: 'https://idp.example.org',
      OIDC_CLIENT_ID: 'c',
      OIDC_CLIENT_SECRET: 's',
      SESSION_SECRET: 'a-very-long-session-secret',
    };
    expect(loadConfig(production).trustedOrigins).toEqual([]);
    expect(
      loadConfig({ ...production, TRUSTED_ORIGINS: 'https://qa.example.org, http://localhost:3004' })
        .trustedOrigins,
    ).toEqual(['https://qa.example.org', 'http://localhost:3004']);
    expect(() => loadConfig({ DEV_IDP: 'true', TRUSTED_ORIGINS: 'https://qa.example.org/path' })).toThrow(
      /TRUSTED_ORIGINS/,
    );
  });

  it('reads the size of the PostgreSQL pools, 10 unless set, and refuses one below 1 or not a number', () => {
    expect(loadConfig({ DEV_IDP: 'true' }).databasePoolSize).toBe(10);
    expect(loadConfig({ DEV_IDP: 'true', DATABASE_POOL_SIZE: '4' }).databasePoolSize).toBe(4);
    for (const wrong of ['0', 'many', '2.5', '501', 'Infinity', '0x10', '1e2']) {
      expect(() => loadConfig({ DEV_IDP: 'true', DATABASE_POOL_SIZE: wrong })).toThrow(ConfigError);
      expect(() => loadConfig({ DEV_IDP: 'true', DATABASE_POOL_SIZE: wrong })).toThrow(/DATABASE_POOL_SIZE/);
    }
  });

  it('refuses a whole-number setting not written in decimal digits, naming it', () => {
    for (const name of [
      'PORT',
      'EXTERNAL_API_RATE_LIMIT',
      'CREDENTIAL_FAILURE_LIMIT',
      'PROVISIONING_PARALLEL',
    ]) {
      for (const wrong of ['Infinity', '-Infinity', '0x10', '1e2', 'NaN']) {
        expect(() => loadConfig({ DEV_IDP: 'true', [name]: wrong })).toThrow(
          new RegExp(`${name} must be a whole number`),
        );
      }
    }
    expect(loadConfig({ DEV_IDP: 'true', EXTERNAL_API_RATE_LIMIT: ' 60 ' }).externalApiRateLimit).toBe(60);
  });

  it('treats empty variables as unset', () => {
    expect(loadConfig({ DEV_IDP: 'true', PORT: '', DATABASE_URL: '' })).toMatchObject({
      port: 8080,
      databaseUrl: null,
    });
  });

  it('takes Microsoft Graph tokens from login.microsoftonline.com, from the development Graph in development, or from GRAPH_LOGIN_URL', () => {
    const production = {
      PUBLIC_URL: 'https://portal.example.org',
      DATABASE_URL: 'postgres://u:p@db/portal',
      OIDC_ISSUER: 'https://connect.example.org',
      OIDC_CLIENT_ID: 'portal',
      OIDC_CLIENT_SECRET: 'secret',
      SESSION_SECRET: 'a-very-long-session-secret',
    };
    expect(loadConfig(production).provisioning.graphLoginUrl).toBe('https://login.microsoftonline.com');
    expect(loadConfig({ DEV_IDP: 'true' }).provisioning.graphLoginUrl).toBe(
      'http://localhost:8080/dev-graph/login',
    );
    expect(loadConfig({ DEV_IDP: 'true', DEV_SCIM: 'false' }).provisioning.graphLoginUrl).toBe(
      'https://login.microsoftonline.com',
    );
    expect(
      loadConfig({ ...production, GRAPH_LOGIN_URL: 'https://login.example.org/' }).provisioning.graphLoginUrl,
    ).toBe('https://login.example.org');
    expect(() => loadConfig({ ...production, GRAPH_LOGIN_URL: 'login.example.org' })).toThrow(
      /GRAPH_LOGIN_URL/,
    );
  });

  it('reads intervals', () => {
    expect(parseInterval('90s')).toBe(90_000);
    expect(parseInterval('2d')).toBe(172_800_000);
    expect(parseInterval('0')).toBe(0);
  });

  it('refreshes the registry snapshot every 30 s and checks its version every 5 s unless told otherwise', () => {
    expect(loadConfig({ DEV_IDP: 'true' })).toMatchObject({
      registryRefreshMs: 30_000,
      registryCheckMs: 5_000,
    });
    expect(loadConfig({ DEV_IDP: 'true', REGISTRY_REFRESH: '2m', REGISTRY_CHECK: '500ms' })).toMatchObject({
      registryRefreshMs: 120_000,
      registryCheckMs: 500,
    });
    expect(() => loadConfig({ DEV_IDP: 'true', REGISTRY_CHECK: '1h' })).toThrow(/REGISTRY_CHECK/);
    expect(() => loadConfig({ DEV_IDP: 'true', REGISTRY_REFRESH: 'often' })).toThrow(/REGISTRY_REFRESH/);
  });
});

describe('which login the server offers (start-up combinations)', () => {
  const production = {
    NODE_ENV: 'production',
    PUBLIC_URL: 'https://portal.example.org',
    SESSION_SECRET: 'a-very-long-session-secret',
  };
  const oidc = {
    OIDC_ISSUER: 'https://connect.example.org',
    OIDC_CLIENT_ID: 'portal',
    OIDC_CLIENT_SECRET: 'secret',
  };

  it('refuses to start with neither an OpenID Connect provider nor DEV_IDP, naming the settings', () => {
    for (const env of [{}, production, { ...production, OIDC_ISUER: 'https://typo.example.org' }]) {
      expect(() => loadConfig(env)).toThrow(ConfigError);
      expect(() => loadConfig(env)).toThrow(
        /OIDC_ISSUER, OIDC_CLIENT_ID and OIDC_CLIENT_SECRET.*DEV_IDP=true/,
      );
    }
  });

  it('never turns the development identity provider on with NODE_ENV=production', () => {
    expect(() => loadConfig({ ...production, DEV_IDP: 'true' })).toThrow(
      /DEV_IDP=true is not allowed with NODE_ENV=production/,
    );
  });

  it('turns it on only when asked for, outside production', () => {
    expect(loadConfig({ DEV_IDP: 'true', NODE_ENV: 'development' })).toMatchObject({
      devIdp: true,
      oidc: null,
    });
    expect(
      loadConfig({ DEV_IDP: 'false', ...oidc, SESSION_SECRET: 'a-very-long-session-secret' }),
    ).toMatchObject({
      devIdp: false,
    });
  });

  it('refuses DEV_IDP together with an OpenID Connect provider', () => {
    expect(() =>
      loadConfig({ DEV_IDP: 'true', ...oidc, SESSION_SECRET: 'a-very-long-session-secret' }),
    ).toThrow(/DEV_IDP=true and OIDC_ISSUER exclude each other/);
  });

  it('runs production with an OpenID Connect provider, without the dev IdP and without default super users', () => {
    expect(loadConfig({ ...production, ...oidc })).toMatchObject({
      devIdp: false,
      devSeed: false,
      superUserSubs: [],
      oidc: { issuer: 'https://connect.example.org', clientId: 'portal' },
    });
  });

  it.each(['http://connect.example.org', 'http://10.0.0.5:8443/oidc', 'http://portal-idp/'])(
    'refuses the plain-http issuer %s at start',
    (issuer) => {
      expect(() => loadConfig({ ...production, ...oidc, OIDC_ISSUER: issuer })).toThrow(
        /OIDC_ISSUER must use https/,
      );
    },
  );

  it.each(['http://localhost:9000/oidc', 'http://127.0.0.1:9/', 'http://[::1]:9000'])(
    'accepts the loopback issuer %s',
    (issuer) => {
      expect(loadConfig({ ...production, ...oidc, OIDC_ISSUER: issuer }).oidc?.issuer).toBe(issuer);
    },
  );
});

describe('ACR_VALUES and LOGIN_HINT (issue 52)', () => {
  it('defaults to the four eduID values and hints on', () => {
    const config = loadConfig({ DEV_IDP: 'true' });
    expect(Object.values(config.acrValues)).toEqual([
      'https://eduid.nl/trust/linked-institution',
      'https://eduid.nl/trust/validate-names',
      'https://eduid.nl/trust/validate-names-external',
      'https://eduid.nl/trust/affiliation-student',
    ]);
    expect(config.loginHint).toBe(true);
  });

  it('reads a JSON object of names to values, and LOGIN_HINT=false', () => {
    const config = loadConfig({
      DEV_IDP: 'true',
      ACR_VALUES: '{"Strong":"urn:example:acr:strong","Mfa":"http://refeds.org/profile/mfa"}',
      LOGIN_HINT: 'false',
    });
    expect(config.acrValues).toEqual({
      Strong: 'urn:example:acr:strong',
      Mfa: 'http://refeds.org/profile/mfa',
    });
    expect(config.loginHint).toBe(false);
  });

  it.each([
    ['not json', /ACR_VALUES must be a JSON object/],
    ['["urn:a"]', /ACR_VALUES must be a JSON object/],
    ['{"Two words":"urn:a b"}', /ACR_VALUES value of "Two words" must be a text without spaces/],
    ['{"Empty":""}', /ACR_VALUES value of "Empty"/],
    ['{"A":"urn:a","B":"urn:a"}', /ACR_VALUES names urn:a twice/],
  ])('refuses ACR_VALUES=%s at start, naming the setting', (value, message) => {
    expect(() => loadConfig({ DEV_IDP: 'true', ACR_VALUES: value })).toThrow(message);
  });

  it('reads REMOTE_USERS accounts with every scope and the applications they reach', () => {
    const config = loadConfig({
      DEV_IDP: 'true',
      REMOTE_USERS: JSON.stringify([
        { username: 'voot', password: 'voot-secret', scopes: ['voot', 'attribute_aggregation'] },
        {
          username: 'sp-dashboard',
          password: 'sp-dashboard-secret',
          scopes: ['sp_dashboard'],
          applications: [
            { manageId: 'a1', manageType: 'saml20_sp' },
            { manageId: 'b2', manageType: 'oidc10_rp' },
          ],
        },
        { username: 'access', password: 'access-secret', scopes: ['access'] },
        { username: 'eduid', password: 'eduid-secret', scopes: ['profile', 'lifecycle'] },
      ]),
    });
    expect(config.remoteUsers).toEqual([
      { username: 'voot', password: 'voot-secret', scopes: ['voot', 'attribute_aggregation'] },
      {
        username: 'sp-dashboard',
        password: 'sp-dashboard-secret',
        scopes: ['sp_dashboard'],
        applications: [
          { manageId: 'a1', manageType: 'saml20_sp' },
          { manageId: 'b2', manageType: 'oidc10_rp' },
        ],
      },
      { username: 'access', password: 'access-secret', scopes: ['access'] },
      { username: 'eduid', password: 'eduid-secret', scopes: ['profile', 'lifecycle'] },
    ]);
  });

  it.each([
    [
      '[{"username":"x","password":"long-enough","scopes":["admin"]}]',
      /REMOTE_USERS\[0\] needs .*scopes among voot, attribute_aggregation, sp_dashboard, access, profile, lifecycle/,
    ],
    [
      '[{"username":"x","password":"long-enough","scopes":["access"],"applications":{}}]',
      /REMOTE_USERS\[0\]\.applications must be a list/,
    ],
    [
      '[{"username":"x","password":"long-enough","scopes":["access"],"applications":[{"manageId":"a"}]}]',
      /REMOTE_USERS\[0\]\.applications/,
    ],
    [
      '[{"username":"x","password":"long-enough","scopes":["access"],"applications":[{"manageId":"","manageType":"saml20_sp"}]}]',
      /REMOTE_USERS\[0\]\.applications/,
    ],
    [
      '[{"username":"x","password":"long-enough","scopes":["access"],"applications":[{"manageId":"a","manageType":"idp"}]}]',
      /manageType saml20_sp or oidc10_rp/,
    ],
    [
      '[{"username":"x","password":"long-enough","scopes":["voot"]},{"username":"x","password":"other-long","scopes":["access"]}]',
      /REMOTE_USERS\[1\] repeats the username x/,
    ],
  ])('refuses REMOTE_USERS=%s at start, naming the account', (value, message) => {
    expect(() => loadConfig({ DEV_IDP: 'true', REMOTE_USERS: value })).toThrow(message);
  });
});
