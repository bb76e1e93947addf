import { api, CONFIG } from '@lendline/shared';

/**
 * The optional chat bot (§1, §9 "the chat bot is added only once"): when the setup config Chat/ChatBot is enabled
 * (off by default), its widget script is added to the page once per page life — one promise for the module, and the
 * script element is looked for before adding — so no navigation, re-render or new login adds it twice. Any failure
 * (config call, script load) is logged and ignored: the page keeps working without the bot.
 */
export const CHATBOT_SCRIPT_ATTR = 'data-ll-chatbot';
/** Served by the shell build (a top-level script, so the page's CSP allows it). */
export const DEFAULT_WIDGET = '/chatbot-widget.js';

let started: Promise<void> | null = null;

export function loadChatBotOnce(doc: Document = document): Promise<void> {
  started ??= (async () => {
    try {
      const reply = await api.get<{ data?: { scriptUrl?: string; title?: string; greeting?: string } | null }>(CONFIG.setupConfig('Chat', 'ChatBot'), { query: { isenabled: true }, silent: true });
      const config = reply?.data;
      if (!config || doc.querySelector(`script[${CHATBOT_SCRIPT_ATTR}]`)) return;
      const script = doc.createElement('script');
      script.src = typeof config.scriptUrl === 'string' && /^\/(?!\/)/.test(config.scriptUrl) ? config.scriptUrl : DEFAULT_WIDGET;
      script.async = true;
      script.setAttribute(CHATBOT_SCRIPT_ATTR, '');
      script.dataset.title = config.title ?? '';
      script.dataset.greeting = config.greeting ?? '';
      script.onerror = () => console.warn('[shell] the chat bot widget could not be loaded; the page works without it');
      doc.body.appendChild(script);
    } catch (e) {
      console.warn('[shell] the chat bot is unavailable:', (e as Error).message);
    }
  })();
  return started;
}

/** Tests only: forget that the bot was started. */
export function resetChatBotForTests(): void {
  started = null;
}
