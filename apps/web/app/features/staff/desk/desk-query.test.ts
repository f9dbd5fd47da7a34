import { describe, expect, it } from 'vitest';
import { changedParams, deskState, paramOf } from './desk-query';

const params = (text: string) => new URLSearchParams(text);

describe('a desk’s state in the address', () => {
  it('reads the keyword, the page and the open item', () => {
    expect(deskState(params(`keyword=${' 乳糖 '}&page=3&id=12`))).toEqual({ keyword: '乳糖', page: 3, openId: 12 });
    expect(deskState(params('id=new&page=0'))).toEqual({ keyword: '', page: 1, openId: 'new' });
    expect(deskState(params('id=x&page=abc'))).toEqual({ keyword: '', page: 1, openId: undefined });
    expect(deskState(params(`keyword=${'药'.repeat(60)}`)).keyword).toHaveLength(50);
  });

  it('sets, removes and leaves parameters, and keeps the others', () => {
    const before = params('state=published&keyword=乳糖&page=4&id=7');
    expect(changedParams(before, { keyword: '淀粉', page: 1 }).toString()).toBe(params('state=published&keyword=淀粉&id=7').toString());
    expect(changedParams(before, { id: null, state: undefined, page: 5 }).toString()).toBe(
      params('state=published&keyword=乳糖&page=5').toString(),
    );
    expect(changedParams(before, { keyword: '  ', state: '' }).toString()).toBe(params('page=4&id=7').toString());
    expect(before.toString()).toBe(params('state=published&keyword=乳糖&page=4&id=7').toString());
  });

  it('takes a filter only when it is one of its values', () => {
    const states = ['all', 'published', 'unpublished'] as const;
    expect(paramOf('published', states, 'all')).toBe('published');
    expect(paramOf('deleted', states, 'all')).toBe('all');
    expect(paramOf(null, states)).toBeUndefined();
  });
});
