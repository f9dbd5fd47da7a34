import { RegistrationQuery, type RegistrationPage, type SearchHit, type SearchQuery, type SearchResult } from '@fuliaotong/contracts';
import { detailUrl } from '../seo/site-urls.js';
import { highlightRanges, normaliseKeyword } from '../../shared/grams.js';
import type { SearchLogRepository } from './search-log.repository.js';
import type { HitRow, SearchableType, SearchRepository } from './search.repository.js';

/** Counts per type stop here: the tabs say "1000+". */
export const SEARCH_COUNT_CAP = 1000;
/** Hits per type on the "all" tab. */
export const SEARCH_ALL_PER_TYPE = 5;
/** Snippets longer than this are cut around the first match. */
const SNIPPET_LENGTH = 120;

const TYPES: SearchableType[] = ['excipient', 'registration', 'regulation', 'news'];

/** A piece of `text` of at most `length` characters around the first occurrence of `q`. */
export function excerpt(text: string, q: string, length = SNIPPET_LENGTH): string {
  if (text.length <= length) return text;
  const at = text.toLowerCase().indexOf(q);
  const start = at <= length / 4 ? 0 : Math.min(at - Math.floor(length / 4), text.length - length);
  const end = start + length;
  return `${start > 0 ? '…' : ''}${text.slice(start, end)}${end < text.length ? '…' : ''}`;
}

function toHit(type: SearchableType, row: HitRow, q: string): SearchHit {
  const parts = row.parts.filter(Boolean).join(' · ');
  // The longer text joins the snippet when it holds the match the short parts do not show.
  const bodyMatches = row.body && row.body.toLowerCase().includes(q);
  const partsMatch = parts.toLowerCase().includes(q) || row.title.toLowerCase().includes(q);
  const snippet = row.body && (bodyMatches || !partsMatch) ? [parts, excerpt(row.body, q)].filter(Boolean).join(' · ') : parts;
  return {
    type,
    id: row.id,
    title: row.title,
    snippet,
    titleHighlights: highlightRanges(row.title, q),
    snippetHighlights: highlightRanges(snippet, q),
    url: detailUrl[type](row.id),
    date: row.date,
  };
}

/** The registration records' own search: exact or estimated totals, relevance over every match (docs/decisions/0076). */
export interface RegistrationSearch {
  search(query: RegistrationQuery): Promise<RegistrationPage>;
}

function registrationHit(r: RegistrationPage['items'][number]): HitRow {
  return { id: r.id, title: r.name, parts: [r.regNo, r.company, r.province, r.type], body: '', date: r.updatedOn };
}

/** A keyword that may name a person (a mobile number, an e-mail address, a long number): never logged. */
const PERSONAL = /1\d{10}|@|\d{8,}/;

/**
 * Site search (/search): one keyword across products, registration records, regulations and news.
 * Each new search (the first page of all types) is logged without who asked, for the dashboard.
 */
export class SearchService {
  constructor(
    private readonly search: SearchRepository,
    private readonly registrations: RegistrationSearch,
    private readonly log?: SearchLogRepository,
    private readonly now: () => Date = () => new Date(),
  ) {}

  async query(query: SearchQuery): Promise<SearchResult> {
    const q = normaliseKeyword(query.q);
    // Registration records: their own search answers the count and, ranked over every match, the hits.
    const registrationPage = await this.registrations.search(
      RegistrationQuery.parse({
        keyword: q,
        sort: 'relevance',
        page: query.type === 'registration' ? query.page : 1,
        pageSize: query.type === 'registration' ? query.pageSize : SEARCH_ALL_PER_TYPE,
      }),
    );
    const countList = await Promise.all(
      TYPES.map(async (type) => (type === 'registration' ? registrationPage.totalCount : this.search.count(type, q))),
    );
    const counts = Object.fromEntries(TYPES.map((type, i) => [type, countList[i]!])) as SearchResult['counts'];
    const hitsOf = async (type: SearchableType, limit: number, offset: number): Promise<HitRow[]> =>
      type === 'registration' ? registrationPage.items.map(registrationHit) : this.search.hits(type, q, limit, offset);
    let items: SearchHit[];
    let totalCount: number;
    if (query.type === 'all') {
      const groups = await Promise.all(
        TYPES.map(async (type) =>
          counts[type] === 0 ? [] : (await hitsOf(type, SEARCH_ALL_PER_TYPE, 0)).map((row) => toHit(type, row, q)),
        ),
      );
      items = groups.flat();
      totalCount = countList.reduce((a, b) => a + b, 0);
    } else {
      const type = query.type;
      const offset = (query.page - 1) * query.pageSize;
      const rows = offset >= counts[type] ? [] : await hitsOf(type, query.pageSize, offset);
      items = rows.map((row) => toHit(type, row, q));
      totalCount = counts[type];
    }
    if (this.log && query.type === 'all' && query.page === 1 && !PERSONAL.test(q)) await this.log.record(q, totalCount, this.now());
    const estimated: SearchResult['estimated'] = registrationPage.totalExact ? [] : ['registration'];
    return { q: query.q, type: query.type, counts, countCap: SEARCH_COUNT_CAP, estimated, items, totalCount };
  }
}

/** What the staff's dashboard reads of the search log. */
export type SearchLogReads = Pick<SearchLogRepository, 'top'>;
