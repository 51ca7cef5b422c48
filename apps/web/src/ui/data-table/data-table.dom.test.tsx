import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithApp } from '../../testing/render.tsx';
import { DataTable, type DataTableColumn, tableMinWidth } from './data-table.tsx';
import { initialListState } from './list-state.ts';

interface Row {
  id: string;
  name: string;
  island: string;
}

const columns: DataTableColumn<Row>[] = [
  { key: 'name', label: 'Company', sortKey: 'name', render: (row) => row.name },
  { key: 'island', label: 'Island', render: (row) => row.island },
];

describe('the data table header', () => {
  it('writes a sortable column name at the size of the others (the header row is one size)', () => {
    renderWithApp(
      <DataTable
        label="Companies"
        columns={columns}
        state={initialListState('name')}
        onStateChange={() => undefined}
        data={{ items: [{ id: '1', name: 'Demo', island: 'Sal' }], total: 1, page: 1, pageSize: 20 }}
        isFetching={false}
        error={null}
        onRetry={() => undefined}
      />,
    );
    // The button takes the header cell's size instead of the button's own (the body's 16 px).
    expect(screen.getByTestId('sort-name').style.fontSize).toBe('inherit');
  });

  it('is drawn wide enough for all its columns, so a phone scrolls it instead of squeezing a text column', () => {
    const many: DataTableColumn<Row>[] = Array.from({ length: 7 }, (_, index) => ({
      key: `c${index}`,
      label: `Column ${index}`,
      render: (row) => row.name,
    }));
    renderWithApp(
      <DataTable
        label="Companies"
        columns={many}
        state={initialListState('name')}
        onStateChange={() => undefined}
        data={{ items: [{ id: '1', name: 'Demo', island: 'Sal' }], total: 1, page: 1, pageSize: 20 }}
        isFetching={false}
        error={null}
        onRetry={() => undefined}
        rowActions={() => null}
      />,
    );
    // Seven columns and the actions: 8 × 100 px.
    expect(screen.getByTestId('data-table').style.minWidth).toBe('800px');
    expect(tableMinWidth(3)).toBe(640);
  });

  it("keeps a column's minimum width in its header, which a squeezed table does not go under", () => {
    renderWithApp(
      <DataTable
        label="Companies"
        columns={[
          { ...columns[0], minWidth: '14rem' } as DataTableColumn<Row>,
          columns[1] as DataTableColumn<Row>,
        ]}
        state={initialListState('name')}
        onStateChange={() => undefined}
        data={{ items: [], total: 0, page: 1, pageSize: 20 }}
        isFetching={false}
        error={null}
        onRetry={() => undefined}
      />,
    );
    expect(screen.getByRole('columnheader', { name: /Company/ }).style.minWidth).toBe('14rem');
  });
});

describe('the data table at a phone’s width', () => {
  it('is a named, focusable scroll region whose hidden columns are signalled by a shadow at the edge', () => {
    renderWithApp(
      <DataTable
        label="Companies"
        columns={columns}
        state={initialListState('name')}
        onStateChange={() => undefined}
        data={{ items: [{ id: '1', name: 'Demo', island: 'Sal' }], total: 1, page: 1, pageSize: 20 }}
        isFetching={false}
        error={null}
        onRetry={() => undefined}
        rowActions={() => <button type="button">Edit</button>}
      />,
    );
    const region = screen.getByRole('region', { name: 'Companies' });
    expect(region.tabIndex).toBe(0);
    expect(region.contains(screen.getByTestId('data-table'))).toBe(true);
    expect(screen.queryByTestId('scroll-more-end')).toBeNull();
    // 390 px of the 640 px table: the actions are beyond the right edge.
    for (const [name, value] of Object.entries({ clientWidth: 390, scrollWidth: 640, scrollLeft: 0 })) {
      Object.defineProperty(region, name, { configurable: true, value });
    }
    fireEvent.scroll(region);
    expect(screen.getByTestId('scroll-more-end')).toBeTruthy();
    expect(screen.queryByTestId('scroll-more-start')).toBeNull();
  });
});
