import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Page } from '@/lib/ops/client/lists';
import { router } from '@/test/next-navigation-double';
import { CardList } from './card-list';
import type { Column } from './data-table';
import { type ListResult, ListShell } from './list-shell';

// The URL the shell reads its filters and page from; each test sets it.
const url = vi.hoisted(() => ({ search: '' }));
vi.mock('next/navigation', async () => ({
  ...(await import('@/test/next-navigation-double')).nextNavigationDouble(),
  usePathname: () => '/ops/things',
  useSearchParams: () => new URLSearchParams(url.search),
}));
afterEach(() => {
  url.search = '';
  vi.clearAllMocks();
});

interface Thing {
  id: string;
  name: string;
}
const columns: Column<Thing>[] = [
  { header: 'ID', cell: (row) => row.id },
  { header: '이름', cell: (row) => row.name },
];
const table = { caption: '물건', columns, rowKey: (row: Thing) => row.id, empty: '조건에 맞는 물건이 없습니다.' };
const fields = [
  { name: 'name', label: '이름' },
  { name: 'kind', label: '종류', options: [{ value: 'a', label: '가' }] },
];
const page = (rows: Thing[], extra: Partial<Page<Thing>> = {}): Page<Thing> => ({
  rows,
  total: rows.length,
  page: 1,
  pageSize: 20,
  ...extra,
});
const done = (data: Page<Thing>, isFetching = false): ListResult<Page<Thing>> => ({
  data,
  isPending: false,
  isFetching,
  error: null,
});

describe('ListShell', () => {
  it("asks the list hook for the URL's query and fills the filter form from it", () => {
    url.search = 'name=%EC%82%AC%EA%B3%BC&kind=a&page=2';
    const useList = vi.fn((_query: string) => done(page([])));
    render(<ListShell useList={useList} filters={{ label: '물건 검색 조건', fields }} table={table} />);
    expect(useList).toHaveBeenCalledWith('name=%EC%82%AC%EA%B3%BC&kind=a&page=2');
    const form = screen.getByRole('form', { name: '물건 검색 조건' });
    expect(within(form).getByLabelText('이름')).toHaveValue('사과');
    expect(within(form).getByLabelText('종류')).toHaveValue('a');
  });

  it('puts a search into the URL and goes back to page 1', async () => {
    url.search = 'kind=a&page=3';
    render(<ListShell useList={() => done(page([]))} filters={{ label: '물건 검색 조건', fields }} table={table} />);
    await userEvent.type(screen.getByLabelText('이름'), ' 배 ');
    await userEvent.click(screen.getByRole('button', { name: '검색' }));
    expect(router.push).toHaveBeenCalledWith(`/ops/things?kind=a&name=${encodeURIComponent('배')}`);
  });

  it('shows the rows in a table with a caption and column headers, busy while it refetches', () => {
    render(<ListShell useList={() => done(page([{ id: 't1', name: '사과' }]), true)} table={table} />);
    const grid = screen.getByRole('table', { name: '물건' });
    expect(
      within(grid)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['ID', '이름']);
    expect(within(grid).getByRole('cell', { name: '사과' })).toBeVisible();
    expect(grid).toHaveAttribute('aria-busy', 'true');
    // No filters given: no form.
    expect(screen.queryByRole('form')).toBeNull();
  });

  it('says when no row matches', () => {
    render(<ListShell useList={() => done(page([]))} table={table} />);
    expect(screen.getByRole('cell', { name: '조건에 맞는 물건이 없습니다.' })).toBeVisible();
    expect(screen.getByRole('table')).not.toHaveAttribute('aria-busy');
  });

  it('shows the loading line, then the error, each instead of the list', () => {
    const { rerender } = render(
      <ListShell useList={() => ({ isPending: true, isFetching: true, error: null })} table={table} />,
    );
    expect(screen.getByText('불러오는 중…')).toHaveAttribute('aria-busy', 'true');
    expect(screen.queryByRole('table')).toBeNull();
    rerender(
      <ListShell
        useList={() => ({ isPending: false, isFetching: false, error: new Error('권한이 없습니다.') })}
        table={table}
      />,
    );
    expect(screen.getByRole('alert')).toHaveTextContent('권한이 없습니다.');
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('pages through the URL, the filters kept, and says where it is', async () => {
    url.search = 'kind=a&page=2';
    const rows = [{ id: 't21', name: '사과' }];
    render(<ListShell useList={() => done(page(rows, { page: 2, total: 45 }))} table={table} />);
    const pager = screen.getByRole('navigation', { name: '페이지' });
    expect(within(pager).getByText('2 / 3 페이지 · 모두 45건')).toHaveAttribute('aria-live', 'polite');
    await userEvent.click(within(pager).getByRole('button', { name: '다음' }));
    expect(router.push).toHaveBeenLastCalledWith('/ops/things?kind=a&page=3');
    await userEvent.click(within(pager).getByRole('button', { name: '이전' }));
    expect(router.push).toHaveBeenLastCalledWith('/ops/things?kind=a&page=1');
  });

  it('cannot page before the first page or past the last', () => {
    render(<ListShell useList={() => done(page([{ id: 't1', name: '사과' }]))} table={table} />);
    expect(screen.getByRole('button', { name: '이전' })).toBeDisabled();
    expect(screen.getByRole('button', { name: '다음' })).toBeDisabled();
    expect(screen.getByText('1 / 1 페이지 · 모두 1건')).toBeVisible();
  });

  it('shows notices above the list, and hands the whole page to children instead of a table', () => {
    render(
      <ListShell
        useList={() => done(page([{ id: 't1', name: '사과' }], { total: 1 }))}
        notices={<p>다시 처리했습니다</p>}
      >
        {({ rows, total }) => (
          <ol aria-label="기록">
            {rows.map((row) => (
              <li key={row.id}>
                {row.name} / {total}
              </li>
            ))}
          </ol>
        )}
      </ListShell>,
    );
    expect(screen.getByText('다시 처리했습니다')).toBeVisible();
    expect(within(screen.getByRole('list', { name: '기록' })).getByRole('listitem')).toHaveTextContent('사과 / 1');
    expect(screen.queryByRole('table')).toBeNull();
  });
});

describe('CardList', () => {
  const render1 = (result: Parameters<typeof CardList<Thing>>[0]['result']) =>
    render(
      <CardList result={result} label="물건" empty="해당하는 물건이 없습니다." rowKey={(row) => row.id}>
        {(row) => <li>{row.name}</li>}
      </CardList>,
    );

  it('shows a card a row, busy while the queue refetches', () => {
    render1({ data: { rows: [{ id: 't1', name: '사과' }] }, isFetching: true, error: null });
    const list = screen.getByRole('list', { name: '물건' });
    expect(within(list).getByRole('listitem')).toHaveTextContent('사과');
    expect(list).toHaveAttribute('aria-busy', 'true');
    expect(screen.queryByText('해당하는 물건이 없습니다.')).toBeNull();
  });

  it('says when the queue is empty, and the error above the cards it still has', () => {
    const { unmount } = render1({ data: { rows: [] }, isFetching: false, error: null });
    expect(screen.getByText('해당하는 물건이 없습니다.')).toBeVisible();
    unmount();
    render1({
      data: { rows: [{ id: 't1', name: '사과' }] },
      isFetching: false,
      error: new Error('연결할 수 없습니다.'),
    });
    expect(screen.getByRole('alert')).toHaveTextContent('연결할 수 없습니다.');
    expect(screen.getByRole('listitem')).toHaveTextContent('사과');
  });
});
