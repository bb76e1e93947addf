import { read } from 'xlsx';
import { workbookBytes } from '../src/lib/xlsx-file';

describe('workbookBytes', () => {
  test('sheet names Excel would refuse are cleaned, cut to 31 characters and made unique', () => {
    const long = 'Turnaround by product and branch over the quarter';
    const wb = read(
      workbookBytes([
        { name: 'Team/Branch: [North]?', rows: [['a']] },
        { name: long, rows: [['b']] },
        { name: long, rows: [['c']] },
        { name: '', rows: [['d']] },
      ]),
      { type: 'array' },
    );
    expect(wb.SheetNames).toEqual(['Team Branch   North', long.slice(0, 31), `${long.slice(0, 29)}_2`, 'Sheet']);
    for (const name of wb.SheetNames) expect(name.length).toBeLessThanOrEqual(31);
  });
});
