/**
 * Notification adapter (external systems sit behind an adapter with a local sandbox default, so the server runs
 * and is tested without them). Sends e-mails and SMS such as the password-reset link.
 */
export interface NotifyMessage {
  channel: 'EMAIL' | 'SMS';
  to: string;
  subject: string;
  body: string;
  /** The action link the message carries, when there is one. */
  link?: string;
  /** Files sent with an e-mail (the borrower's signed loan documents). */
  attachments?: { name: string; mime: string; content: Buffer }[];
}

export interface SentMessage extends NotifyMessage {
  messageId: string;
  sentAt: string;
}

export interface Notifier {
  readonly name: string;
  send(message: NotifyMessage): Promise<SentMessage>;
}

interface LogSink {
  info(obj: object, msg: string): void;
}

/**
 * Delivers nothing outside the machine: logs each message on the server console and keeps it in
 * memory (newest last) so tests and a developer can read the link.
 */
export class SandboxNotifier implements Notifier {
  readonly name = 'sandbox';
  private readonly outbox: SentMessage[] = [];
  private seq = 0;

  constructor(
    private readonly log: LogSink,
    private readonly keep = 200,
  ) {}

  async send(message: NotifyMessage): Promise<SentMessage> {
    const sent: SentMessage = { ...message, messageId: `sandbox-${++this.seq}`, sentAt: new Date().toISOString() };
    this.outbox.push(sent);
    if (this.outbox.length > this.keep) this.outbox.shift();
    // Attachments are logged by name and size: their bytes are the borrower's documents, not log lines.
    const logged = { ...sent, attachments: sent.attachments?.map((a) => ({ name: a.name, mime: a.mime, bytes: a.content.length })) };
    this.log.info({ notify: logged }, `[sandbox ${message.channel}] to ${message.to}: ${message.subject}`);
    return sent;
  }

  sent(): readonly SentMessage[] {
    return this.outbox;
  }
}

export function createNotifier(adapter: 'sandbox', log: LogSink): Notifier {
  switch (adapter) {
    case 'sandbox':
      return new SandboxNotifier(log);
  }
}
