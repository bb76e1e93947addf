/**
 * A problem with a file or directory found while the server starts (a damaged key file, a data directory another
 * process holds…). Its message is ONE line naming the file and what to do: index.ts prints it alone, without a
 * stack trace, and exits non-zero, so an operator reading a service log sees the cause and the remedy at once.
 */
export class StartupError extends Error {
  constructor(message: string) {
    super(message.replace(/\s*\n\s*/g, ' '));
    this.name = 'StartupError';
  }
}

/** The first line of an error's message (a parser's or the OS's), for quoting inside a StartupError. */
export const firstLine = (e: unknown): string => String((e as Error)?.message ?? e).split('\n')[0].trim();
