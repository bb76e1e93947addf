import { mapErrorBody } from '../../src/errors/modal-mapping';

describe('§8 error modal mapping', () => {
  it('1101 lists each data item as "label - reason" or just the reason', () => {
    const out = mapErrorBody({ code: 1101, message: 'Validation Failed', data: [{ label: 'password', reason: 'must be encrypted' }, { reason: 'body is too large' }] });
    expect(out).toEqual({
      kind: 'modal',
      modal: { title: 'Validation Failed', code: 1101, entries: [{ type: 'error', description: 'password - must be encrypted' }, { type: 'error', description: 'body is too large' }] },
    });
  });

  it('an item with a backstage link (where to fix it) keeps the link; any other address is dropped', () => {
    const link = '/backstage/application?application_id=APP-1&section=PL_loan&field=loanAmount';
    const out = mapErrorBody({
      code: 1101,
      message: 'Validation Failed',
      data: [
        { label: 'Loan amount', reason: 'Mandatory, not filled in (Loan requirement)', code: 'MANDATORY_FIELD', link },
        { label: 'Sign here', reason: 'Mandatory', link: 'https://evil.example/backstage/x' },
        { label: 'IFSC', reason: 'Mandatory', link: 'javascript:alert(1)' },
      ],
    });
    expect(out).toEqual({
      kind: 'modal',
      modal: {
        title: 'Validation Failed',
        code: 1101,
        entries: [
          { type: 'error', description: 'Loan amount - Mandatory, not filled in (Loan requirement)', link },
          { type: 'error', description: 'Sign here - Mandatory' },
          { type: 'error', description: 'IFSC - Mandatory' },
        ],
      },
    });
  });

  it('1167 opens the modal too', () => {
    const out = mapErrorBody({ code: 1167, message: 'Error while sending back', data: [{ label: 'Task', reason: 'already closed' }] });
    expect(out.kind).toBe('modal');
    if (out.kind === 'modal') expect(out.modal.entries).toEqual([{ type: 'error', description: 'Task - already closed' }]);
  });

  it('a 1101 without items shows its message as the one line', () => {
    const out = mapErrorBody({ code: 1101, message: 'Validation Failed' });
    expect(out).toEqual({ kind: 'modal', modal: { title: 'Validation Failed', code: 1101, entries: [{ type: 'error', description: 'Validation Failed' }] } });
  });

  it("names the code only when the title is the catalogue's message, which the modal then shows in the reader's language", () => {
    const out = mapErrorBody({ code: 1101, message: 'Note changed meanwhile' });
    expect(out).toEqual({ kind: 'modal', modal: { title: 'Note changed meanwhile', entries: [{ type: 'error', description: 'Note changed meanwhile' }] } });
  });

  it('other error content is passed on', () => {
    expect(mapErrorBody({ code: 1100, message: 'Internal server error' })).toEqual({ kind: 'content', content: { code: 1100, message: 'Internal server error' } });
    expect(mapErrorBody('Bad gateway')).toEqual({ kind: 'content', content: 'Bad gateway' });
    // A 1101 code without a message is not the §8 shape: passed on, not a modal.
    expect(mapErrorBody({ code: 1101 }).kind).toBe('content');
  });

  it.each([[null], [undefined], [''], ['   '], [{}], [[]]])('empty body %j → the generic text', (body) => {
    expect(mapErrorBody(body)).toEqual({ kind: 'generic', message: 'Something bad happened; please try again later.' });
  });
});
