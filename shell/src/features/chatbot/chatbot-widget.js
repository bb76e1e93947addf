// The chat bot widget (emitted by the shell build as /chatbot-widget.js; loaded by features/chatbot/chatbot.ts only
// when the setup config Chat/ChatBot is enabled). A small, self-contained assistant button: it opens a panel with the
// configured greeting. No outside service: a tenant replaces it by pointing the config's scriptUrl at its own widget.
(function () {
  var me = document.currentScript;
  if (window.__llChatBot) return; // once per page life, even if a second copy were added
  window.__llChatBot = { loadedAt: Date.now() };
  var title = (me && me.dataset.title) || 'Assistant';
  var greeting = (me && me.dataset.greeting) || 'Hello!';
  var root = document.createElement('div');
  root.id = 'll-chatbot';
  root.setAttribute('style', 'position:fixed;right:1rem;bottom:1rem;z-index:1000;font:14px system-ui,sans-serif');
  var button = document.createElement('button');
  button.type = 'button';
  button.textContent = title;
  button.setAttribute('aria-expanded', 'false');
  button.setAttribute('style', 'padding:.5rem 1rem;border-radius:999px;border:0;background:#1d4ed8;color:#fff;cursor:pointer');
  var panel = document.createElement('div');
  panel.setAttribute('role', 'dialog');
  panel.setAttribute('aria-label', title);
  panel.hidden = true;
  panel.setAttribute('style', 'margin-bottom:.5rem;padding:.75rem;max-width:16rem;background:#fff;border:1px solid #ccc;border-radius:.5rem;box-shadow:0 2px 8px rgba(0,0,0,.2)');
  panel.textContent = greeting;
  button.addEventListener('click', function () {
    panel.hidden = !panel.hidden;
    button.setAttribute('aria-expanded', String(!panel.hidden));
  });
  root.appendChild(panel);
  root.appendChild(button);
  document.body.appendChild(root);
})();
