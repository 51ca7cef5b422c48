import { describe, expect, it } from 'vitest';
import { searchText } from './search-text.ts';

describe('searchText', () => {
  it('joins the parts lower-cased, without accents, with single spaces', () => {
    expect(searchText('SV', 'São Vicente', null, undefined, '', '  Île   de  Sal ')).toBe(
      'sv sao vicente ile de sal',
    );
    expect(searchText('Ação Çedilha ÉCOLE')).toBe('acao cedilha ecole');
  });
});
