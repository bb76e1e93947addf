import { randomInt } from 'node:crypto';

/**
 * A self-hosted arithmetic challenge drawn as SVG: characters jittered and rotated over noise
 * lines, so the question is not plain text in the markup. Answer: a small whole number.
 */
export interface Challenge {
  question: string;
  answer: string;
  svg: string;
}

const esc = (c: string) => (c === '<' ? '&lt;' : c === '>' ? '&gt;' : c === '&' ? '&amp;' : c);

export function newChallenge(): Challenge {
  const a = randomInt(2, 20);
  const b = randomInt(1, 10);
  const op = randomInt(0, 3);
  const [question, answer] = op === 0 ? [`${a} + ${b}`, a + b] : op === 1 ? [`${Math.max(a, b)} - ${Math.min(a, b)}`, Math.abs(a - b)] : [`${a % 10} x ${b}`, (a % 10) * b];
  return { question, answer: String(answer), svg: draw(`${question} = ?`) };
}

function draw(text: string): string {
  const width = 180;
  const height = 60;
  const parts: string[] = [];
  for (let i = 0; i < 6; i++) {
    const hue = randomInt(0, 360);
    parts.push(
      `<path d="M${randomInt(0, width)} ${randomInt(0, height)} Q${randomInt(0, width)} ${randomInt(0, height)} ${randomInt(0, width)} ${randomInt(0, height)}" stroke="hsl(${hue},45%,55%)" stroke-width="${randomInt(1, 3)}" fill="none"/>`,
    );
  }
  let x = 12;
  for (const ch of text) {
    if (ch === ' ') {
      x += 8;
      continue;
    }
    const y = 38 + randomInt(-6, 7);
    const rotate = randomInt(-25, 26);
    parts.push(`<text x="${x}" y="${y}" transform="rotate(${rotate} ${x} ${y})" font-family="monospace" font-size="${randomInt(22, 29)}" fill="hsl(${randomInt(0, 360)},55%,30%)">${esc(ch)}</text>`);
    x += 16 + randomInt(0, 4);
  }
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}"><rect width="100%" height="100%" fill="#f6f7f9"/>${parts.join('')}</svg>`;
}
