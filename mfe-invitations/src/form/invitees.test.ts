import { mergeInvitees, parseInvitees } from './invitees';

describe('parseInvitees (spec §5)', () => {
  it('splits on comma, semicolon, spaces, tabs and new lines', () => {
    expect(parseInvitees('a@x.org, b@x.org;c@x.org d@x.org\te@x.org\nf@x.org').valid).toEqual([
      'a@x.org',
      'b@x.org',
      'c@x.org',
      'd@x.org',
      'e@x.org',
      'f@x.org',
    ]);
  });

  it('accepts Name <address>, also with a quoted name holding a comma', () => {
    expect(parseInvitees('Jane Doe <jane@x.org>, "Roe, Richard" <richard@x.org>')).toEqual({
      valid: ['jane@x.org', 'richard@x.org'],
      invalid: [],
    });
  });

  it('removes duplicates, ignoring case, keeping the first spelling', () => {
    expect(parseInvitees('Ann@X.org ann@x.org ANN@x.org bob@x.org').valid).toEqual([
      'Ann@X.org',
      'bob@x.org',
    ]);
  });

  it('drops and lists the invalid entries', () => {
    expect(parseInvitees('ok@x.org, nope, also@bad, @x.org, sp ace@x.org')).toEqual({
      valid: ['ok@x.org', 'ace@x.org'],
      invalid: ['nope', 'also@bad', '@x.org', 'sp'],
    });
  });

  it('takes the address column of a pasted CSV table, ignoring the header and the names', () => {
    const csv = 'name,email,department\nJane Doe,jane@x.org,Physics\n"Roe, R",richard@x.org,Chemistry\n';
    expect(parseInvitees(csv.replace('"Roe, R"', 'Roe R'))).toEqual({
      valid: ['jane@x.org', 'richard@x.org'],
      invalid: [],
    });
    expect(parseInvitees('email;name\nann@x.org;Ann\nbob@x.org;Bob')).toEqual({
      valid: ['ann@x.org', 'bob@x.org'],
      invalid: [],
    });
  });

  it('reads a one-column CSV (one address per line) as addresses', () => {
    expect(parseInvitees('ann@x.org\r\nbob@x.org\r\n\r\nnot-an-address\r\n')).toEqual({
      valid: ['ann@x.org', 'bob@x.org'],
      invalid: ['not-an-address'],
    });
  });

  it('lists a bad address in a CSV table as invalid', () => {
    expect(parseInvitees('Ann,ann@x.org\nBob,bob@x').invalid).toEqual(['bob@x']);
  });

  it('gives nothing for blank input', () => {
    expect(parseInvitees('  \n ,; ')).toEqual({ valid: [], invalid: [] });
  });
});

describe('mergeInvitees', () => {
  it('adds only addresses not chosen yet', () => {
    expect(mergeInvitees(['a@x.org'], ['A@x.org', 'b@x.org', 'b@x.org'])).toEqual(['a@x.org', 'b@x.org']);
  });
});
