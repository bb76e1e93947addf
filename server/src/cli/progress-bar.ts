/** A one-line progress bar on stderr (plain lines when stderr is not a terminal, e.g. CI logs). */
export function progressBar(label: string, total: number) {
  const started = Date.now();
  const tty = process.stderr.isTTY;
  let lastLine = 0;
  const render = (done: number) => {
    const ratio = total ? done / total : 1;
    const width = 30;
    const filled = Math.round(ratio * width);
    const secs = (Date.now() - started) / 1000;
    const eta = ratio > 0 ? secs / ratio - secs : 0;
    return `${label} [${'#'.repeat(filled)}${'.'.repeat(width - filled)}] ${(ratio * 100).toFixed(1)}% ${done}/${total} ${secs.toFixed(1)}s eta ${eta.toFixed(0)}s`;
  };
  return {
    update(done: number) {
      if (tty) process.stderr.write(`\r${render(done)}`);
      else if (Date.now() - lastLine > 2000 || done === total) {
        lastLine = Date.now();
        process.stderr.write(`${render(done)}\n`);
      }
    },
    done() {
      if (tty) process.stderr.write('\n');
    },
  };
}
