import { testAppWith } from './helpers/test-app';
import { defaultToProduction, runMode } from '../src/config/run-mode';

// Issue 31: `npm start` runs the server with NODE_ENV=production (graphql-js is ~3× slower without it) and says so.
describe('run mode (NODE_ENV)', () => {
  test('the entry point defaults an unset or empty NODE_ENV to production', () => {
    const unset: NodeJS.ProcessEnv = {};
    expect(defaultToProduction(unset)).toBe('production');
    expect(unset.NODE_ENV).toBe('production');
    const empty: NodeJS.ProcessEnv = { NODE_ENV: '' };
    expect(defaultToProduction(empty)).toBe('production');
  });

  test('an explicit NODE_ENV is kept, and any other value reports development', () => {
    const dev: NodeJS.ProcessEnv = { NODE_ENV: 'development' };
    expect(defaultToProduction(dev)).toBe('development');
    expect(dev.NODE_ENV).toBe('development');
    expect(runMode({ NODE_ENV: 'staging' })).toBe('development');
    expect(runMode({ NODE_ENV: 'test' })).toBe('test');
  });

  describe('GET /health', () => {
    const t = testAppWith();

    test('reports the mode the process runs in (jest: test)', async () => {
      const res = await t.app.inject({ method: 'GET', url: '/health' });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ status: 'ok', mode: 'test' });
    });
  });
});
