import { api } from '@lendline/shared';
import { loadChatBotOnce, resetChatBotForTests } from '../src/features/chatbot/chatbot';

/** The chat bot (§9: added only once): off by default, once per page life when enabled, harmless when it fails. */
describe('chat bot loader', () => {
  beforeEach(() => {
    resetChatBotForTests();
    document.body.innerHTML = '';
  });
  afterEach(() => jest.restoreAllMocks());
  const scripts = () => document.querySelectorAll('script[data-ll-chatbot]');

  test('switched off (the default): no script', async () => {
    jest.spyOn(api, 'get').mockResolvedValue({ data: null, enabled: false } as never);
    await loadChatBotOnce();
    expect(scripts()).toHaveLength(0);
  });

  test('enabled: one script however often it is asked for, with the configured texts', async () => {
    const get = jest.spyOn(api, 'get').mockResolvedValue({ data: { title: 'Loan assistant', greeting: 'Hi', scriptUrl: '/chatbot-widget.js' } } as never);
    await Promise.all([loadChatBotOnce(), loadChatBotOnce()]);
    await loadChatBotOnce();
    expect(get).toHaveBeenCalledTimes(1);
    expect(scripts()).toHaveLength(1);
    const s = scripts()[0] as HTMLScriptElement;
    expect(s.getAttribute('src')).toBe('/chatbot-widget.js');
    expect(s.dataset).toMatchObject({ title: 'Loan assistant', greeting: 'Hi' });
    // Even a fresh start (a second shell mount) finds the script and does not add another.
    resetChatBotForTests();
    await loadChatBotOnce();
    expect(scripts()).toHaveLength(1);
  });

  test('an outside scriptUrl is not followed: the shell\'s own widget is used', async () => {
    jest.spyOn(api, 'get').mockResolvedValue({ data: { scriptUrl: '//evil.example/x.js' } } as never);
    await loadChatBotOnce();
    expect((scripts()[0] as HTMLScriptElement).getAttribute('src')).toBe('/chatbot-widget.js');
  });

  test('a failing config call is logged and the page goes on', async () => {
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    jest.spyOn(api, 'get').mockRejectedValue(new Error('HTTP 500'));
    await expect(loadChatBotOnce()).resolves.toBeUndefined();
    expect(scripts()).toHaveLength(0);
    expect(warn).toHaveBeenCalledWith('[shell] the chat bot is unavailable:', 'HTTP 500');
  });

  test('a widget that fails to load is logged, nothing else happens', async () => {
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    jest.spyOn(api, 'get').mockResolvedValue({ data: { title: 'Bot' } } as never);
    await loadChatBotOnce();
    (scripts()[0] as HTMLScriptElement).dispatchEvent(new Event('error'));
    expect(warn).toHaveBeenCalledWith('[shell] the chat bot widget could not be loaded; the page works without it');
  });
});
