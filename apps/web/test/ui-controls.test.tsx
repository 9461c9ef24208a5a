// @vitest-environment jsdom
// The phone layer's controls (apps/web/src/ui, decision 049): tabs, toggle buttons, switches, checkboxes, radios,
// lists, tables, pagination and useMediaQuery; their roles, keyboard, change callbacks and disabled states.
import { act, cleanup, render, renderHook, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { MemoryRouter } from '../src/router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { List, ListItem, ListItemButton, ListItemIcon, ListItemText, ListSubheader } from '../src/ui/list';
import { pageItems, Pagination } from '../src/ui/pagination';
import { Checkbox, FormControlLabel, Radio, RadioGroup, Switch } from '../src/ui/switch';
import { Table, TableBody, TableCell, TableContainer, TableHead, TableRow } from '../src/ui/table';
import { Tab, TabPanel, Tabs } from '../src/ui/tabs';
import { ToggleButton, ToggleButtonGroup } from '../src/ui/toggle-button';
import { down, up, useMediaQuery } from '../src/ui/use-media-query';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

type Fruit = 'apple' | 'pear' | 'plum' | 'fig';

/** Tabs holding their own value, as a page does; `onChange` sees every change. */
function FruitTabs({ onChange, initial = 'apple' }: { onChange?: (value: Fruit) => void; initial?: Fruit }) {
  const [value, setValue] = useState<Fruit>(initial);
  return (
    <Tabs
      value={value}
      aria-label="fruit"
      onChange={(next) => {
        onChange?.(next);
        setValue(next);
      }}
    >
      <Tab value="apple" label="Apple" />
      <Tab value="pear" label="Pear" />
      <Tab value="plum" label="Plum" disabled />
      <Tab value="fig" label="Fig" data-testid="tab-fig" />
    </Tabs>
  );
}

const tab = (name: string) => screen.getByRole('tab', { name });

describe('Tabs', () => {
  it('is a tablist whose selected tab alone is in the Tab order', () => {
    render(<FruitTabs />);
    expect(screen.getByRole('tablist', { name: 'fruit' })).toBeTruthy();
    expect(tab('Apple').getAttribute('aria-selected')).toBe('true');
    expect(tab('Pear').getAttribute('aria-selected')).toBe('false');
    expect(tab('Apple').tabIndex).toBe(0);
    expect(tab('Pear').tabIndex).toBe(-1);
    expect(screen.getByTestId('tab-fig')).toBe(tab('Fig'));
  });

  it('selects a tab on click, and calls onChange only for a tab not selected yet', async () => {
    const onChange = vi.fn();
    render(<FruitTabs onChange={onChange} />);
    await userEvent.click(tab('Apple'));
    expect(onChange).not.toHaveBeenCalled();
    await userEvent.click(tab('Pear'));
    expect(onChange).toHaveBeenCalledWith('pear');
    expect(tab('Pear').getAttribute('aria-selected')).toBe('true');
    expect(tab('Pear').tabIndex).toBe(0);
    expect(tab('Apple').tabIndex).toBe(-1);
    await userEvent.click(tab('Plum'));
    expect(onChange).toHaveBeenCalledTimes(1);
  });

  it('moves the focus with the arrow keys (round the ends, past disabled tabs), Home and End; Enter selects', async () => {
    const onChange = vi.fn();
    render(<FruitTabs onChange={onChange} />);
    await userEvent.tab();
    expect(document.activeElement).toBe(tab('Apple'));
    await userEvent.keyboard('{ArrowRight}');
    expect(document.activeElement).toBe(tab('Pear'));
    await userEvent.keyboard('{ArrowRight}');
    expect(document.activeElement).toBe(tab('Fig'));
    await userEvent.keyboard('{ArrowRight}');
    expect(document.activeElement).toBe(tab('Apple'));
    await userEvent.keyboard('{ArrowLeft}');
    expect(document.activeElement).toBe(tab('Fig'));
    await userEvent.keyboard('{Home}');
    expect(document.activeElement).toBe(tab('Apple'));
    await userEvent.keyboard('{End}');
    expect(document.activeElement).toBe(tab('Fig'));
    // The focus moves, the selection stays until the tab is pressed (MUI's default).
    expect(onChange).not.toHaveBeenCalled();
    await userEvent.keyboard('{Enter}');
    expect(onChange).toHaveBeenCalledWith('fig');
    expect(tab('Fig').getAttribute('aria-selected')).toBe('true');
  });

  it('swaps the left and right arrows in a right-to-left page', async () => {
    render(
      <div dir="rtl">
        <FruitTabs />
      </div>,
    );
    await userEvent.tab();
    await userEvent.keyboard('{ArrowLeft}');
    expect(document.activeElement).toBe(tab('Pear'));
    await userEvent.keyboard('{ArrowRight}');
    expect(document.activeElement).toBe(tab('Apple'));
  });

  it('keeps the first tab in the Tab order when no tab has the value', async () => {
    render(
      <Tabs value="none" onChange={() => undefined} aria-label="empty">
        <Tab value="a" label="A" />
        <Tab value="b" label="B" />
      </Tabs>,
    );
    expect(tab('A').tabIndex).toBe(0);
    expect(tab('B').tabIndex).toBe(-1);
    expect(screen.queryByRole('tab', { selected: true })).toBeNull();
  });

  it('links a tab to its panel', () => {
    render(
      <>
        <Tabs value="a" onChange={() => undefined} variant="fullWidth">
          <Tab value="a" label="A" id="tab-a" aria-controls="panel-a" />
        </Tabs>
        <TabPanel id="panel-a" aria-labelledby="tab-a">
          content
        </TabPanel>
      </>,
    );
    expect(tab('A').getAttribute('aria-controls')).toBe('panel-a');
    expect(screen.getByRole('tabpanel', { name: 'A' }).textContent).toBe('content');
  });
});

describe('ToggleButtonGroup', () => {
  function Period({ onChange }: { onChange: (value: 'day' | 'week' | 'month') => void }) {
    const [value, setValue] = useState<'day' | 'week' | 'month' | null>('day');
    return (
      <ToggleButtonGroup
        value={value}
        color="primary"
        size="small"
        fullWidth
        aria-label="period"
        onChange={(next) => {
          onChange(next);
          setValue(next);
        }}
      >
        <ToggleButton value="day">Day</ToggleButton>
        <ToggleButton value="week" data-testid="period-week">
          Week
        </ToggleButton>
        <ToggleButton value="month" disabled>
          Month
        </ToggleButton>
      </ToggleButtonGroup>
    );
  }

  it('is a group of buttons, the chosen one pressed; a press chooses another, never none', async () => {
    const onChange = vi.fn();
    render(<Period onChange={onChange} />);
    expect(screen.getByRole('group', { name: 'period' })).toBeTruthy();
    const day = screen.getByRole('button', { name: 'Day' });
    const week = screen.getByTestId('period-week');
    expect(day.getAttribute('aria-pressed')).toBe('true');
    expect(week.getAttribute('aria-pressed')).toBe('false');
    await userEvent.click(day);
    expect(onChange).not.toHaveBeenCalled();
    await userEvent.click(week);
    expect(onChange).toHaveBeenCalledWith('week');
    expect(week.getAttribute('aria-pressed')).toBe('true');
    expect(day.getAttribute('aria-pressed')).toBe('false');
  });

  it('works from the keyboard and ignores a disabled button', async () => {
    const onChange = vi.fn();
    render(<Period onChange={onChange} />);
    const month = screen.getByRole('button', { name: 'Month' }) as HTMLButtonElement;
    expect(month.disabled).toBe(true);
    await userEvent.click(month);
    expect(onChange).not.toHaveBeenCalled();
    await userEvent.tab();
    await userEvent.tab();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Week' }));
    await userEvent.keyboard(' ');
    expect(onChange).toHaveBeenCalledWith('week');
  });

  it('disables every button of a disabled group; an icon button takes its name from aria-label', () => {
    render(
      <ToggleButtonGroup value="chart" onChange={() => undefined} disabled>
        <ToggleButton value="chart" aria-label="chart">
          <svg />
        </ToggleButton>
        <ToggleButton value="table" aria-label="table">
          <svg />
        </ToggleButton>
      </ToggleButtonGroup>,
    );
    for (const name of ['chart', 'table'])
      expect((screen.getByRole('button', { name }) as HTMLButtonElement).disabled).toBe(true);
  });
});

describe('Switch, Checkbox and FormControlLabel', () => {
  function DarkMode({ onChange, disabled }: { onChange: (checked: boolean) => void; disabled?: boolean }) {
    const [on, setOn] = useState(false);
    return (
      <FormControlLabel
        disabled={disabled}
        label="Dark mode"
        control={
          <Switch
            checked={on}
            onChange={(checked) => {
              onChange(checked);
              setOn(checked);
            }}
            inputProps={{ 'data-testid': 'dark-switch' }}
          />
        }
      />
    );
  }

  it('is a native checkbox with role=switch, named by its label; a tap on the text toggles it', async () => {
    const onChange = vi.fn();
    render(<DarkMode onChange={onChange} />);
    const toggle = screen.getByRole('switch', { name: 'Dark mode' }) as HTMLInputElement;
    expect(toggle).toBe(screen.getByTestId('dark-switch'));
    expect(toggle.type).toBe('checkbox');
    expect(toggle.checked).toBe(false);
    await userEvent.click(screen.getByText('Dark mode'));
    expect(onChange).toHaveBeenLastCalledWith(true);
    expect(toggle.checked).toBe(true);
    toggle.focus();
    await userEvent.keyboard(' ');
    expect(onChange).toHaveBeenLastCalledWith(false);
    expect(toggle.checked).toBe(false);
  });

  it('passes the event as the second argument, and takes inputProps', async () => {
    const onChange = vi.fn();
    render(
      <Switch
        checked={false}
        onChange={onChange}
        size="small"
        inputProps={{ 'aria-label': 'RTL', id: 'rtl' }}
      />,
    );
    const toggle = screen.getByRole('switch', { name: 'RTL' });
    expect(toggle.id).toBe('rtl');
    await userEvent.click(toggle);
    expect(onChange).toHaveBeenCalledWith(true, expect.objectContaining({ target: toggle }));
  });

  it('disables the control of a disabled label', async () => {
    const onChange = vi.fn();
    render(<DarkMode onChange={onChange} disabled />);
    const toggle = screen.getByRole('switch', { name: 'Dark mode' }) as HTMLInputElement;
    expect(toggle.disabled).toBe(true);
    await userEvent.click(screen.getByText('Dark mode'));
    await userEvent.click(toggle);
    expect(onChange).not.toHaveBeenCalled();
  });

  it('draws a checkbox checked, unchecked or indeterminate, and reports changes', async () => {
    const onChange = vi.fn();
    const { rerender } = render(
      <Checkbox checked={false} indeterminate onChange={onChange} inputProps={{ 'aria-label': 'all' }} />,
    );
    const box = screen.getByRole('checkbox', { name: 'all' }) as HTMLInputElement;
    expect(box.indeterminate).toBe(true);
    await userEvent.click(box);
    expect(onChange).toHaveBeenCalledWith(true, expect.anything());
    rerender(<Checkbox checked onChange={onChange} inputProps={{ 'aria-label': 'all' }} />);
    expect(box.indeterminate).toBe(false);
    expect(box.checked).toBe(true);
  });

  it('leaves an uncontrolled checkbox to the browser', async () => {
    render(<FormControlLabel control={<Checkbox defaultChecked name="news" value="yes" />} label="News" />);
    const box = screen.getByRole('checkbox', { name: 'News' }) as HTMLInputElement;
    expect(box.checked).toBe(true);
    expect(box.name).toBe('news');
    await userEvent.click(box);
    expect(box.checked).toBe(false);
  });
});

describe('RadioGroup', () => {
  function Account({ onChange, disabled }: { onChange: (value: string) => void; disabled?: boolean }) {
    const [value, setValue] = useState<string | null>(null);
    return (
      <RadioGroup
        value={value}
        aria-label="account"
        onChange={(next) => {
          onChange(next);
          setValue(next);
        }}
      >
        <FormControlLabel value="bank" control={<Radio />} label="Bank" />
        <FormControlLabel value="alipay" control={<Radio />} label="Alipay" disabled={disabled} />
        <FormControlLabel
          value="wechat"
          control={<Radio inputProps={{ 'aria-describedby': 'wechat-note' }} />}
          label="WeChat"
        />
        <span id="wechat-note">masked</span>
      </RadioGroup>
    );
  }

  const radio = (name: string) => screen.getByRole('radio', { name }) as HTMLInputElement;

  it('is a radiogroup of native radios sharing one name; a tap chooses one', async () => {
    const onChange = vi.fn();
    render(<Account onChange={onChange} />);
    expect(screen.getByRole('radiogroup', { name: 'account' })).toBeTruthy();
    expect(radio('Bank').name).toBeTruthy();
    expect(radio('Bank').name).toBe(radio('WeChat').name);
    expect(screen.queryByRole('radio', { checked: true })).toBeNull();
    await userEvent.click(screen.getByText('Alipay'));
    expect(onChange).toHaveBeenCalledWith('alipay');
    expect(radio('Alipay').checked).toBe(true);
    expect(radio('Bank').checked).toBe(false);
    expect(radio('WeChat').getAttribute('aria-describedby')).toBe('wechat-note');
  });

  it('moves the choice with the arrow keys, and skips a disabled radio', async () => {
    // user-event finds the radios of a name with CSS.escape, which jsdom lacks.
    vi.stubGlobal('CSS', { escape: (text: string) => text.replace(/[^\w-]/g, (c) => `\\${c}`) });
    const onChange = vi.fn();
    render(<Account onChange={onChange} disabled />);
    expect(radio('Alipay').disabled).toBe(true);
    await userEvent.click(radio('Bank'));
    await userEvent.keyboard('{ArrowDown}');
    expect(onChange).toHaveBeenLastCalledWith('wechat');
    expect(radio('WeChat').checked).toBe(true);
  });
});

describe('List', () => {
  it('renders a ul of li rows with their text, subheader and secondary action', () => {
    render(
      <List aria-label="cart" dense subheader={<ListSubheader>Today</ListSubheader>}>
        <ListItem secondaryAction={<span>¥12</span>} data-testid="row-1">
          <ListItemIcon>
            <svg />
          </ListItemIcon>
          <ListItemText primary="Diamonds" secondary="6 × 2" primaryProps={{ 'data-testid': 'row-1-name' }} />
        </ListItem>
      </List>,
    );
    const list = screen.getByRole('list', { name: 'cart' });
    expect(list.tagName).toBe('UL');
    const items = screen.getAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual(['Today', 'Diamonds6 × 2¥12']);
    expect(screen.getByTestId('row-1').tagName).toBe('LI');
    expect(screen.getByTestId('row-1-name').textContent).toBe('Diamonds');
    expect(screen.getByText('6 × 2').tagName).toBe('SPAN');
  });

  it('renders divs in a div or nav list, and a ListItemText from its children', () => {
    render(
      <List component="nav" aria-label="menu">
        <ListItem data-testid="item">
          <ListItemText>Home</ListItemText>
        </ListItem>
      </List>,
    );
    expect(screen.getByRole('navigation', { name: 'menu' })).toBeTruthy();
    expect(screen.getByTestId('item').tagName).toBe('DIV');
    expect(screen.getByTestId('item').textContent).toBe('Home');
  });

  it('has rows that are buttons (pressed when chosen), router links or plain links; disabled rows do nothing', async () => {
    const onClick = vi.fn();
    render(
      <MemoryRouter>
        <List disablePadding>
          <li>
            <ListItemButton onClick={onClick} selected data-testid="chosen">
              <ListItemText primary="Chosen" />
            </ListItemButton>
          </li>
          <li>
            <ListItemButton onClick={onClick} selected={false}>
              <ListItemText primary="Other" />
            </ListItemButton>
          </li>
          <li>
            <ListItemButton to="/orders/7">
              <ListItemText primary="Order 7" />
            </ListItemButton>
          </li>
          <li>
            <ListItemButton href="https://example.com/help" target="_blank" rel="noreferrer">
              Help
            </ListItemButton>
          </li>
          <li>
            <ListItemButton to="/orders/8" disabled onClick={onClick}>
              Order 8
            </ListItemButton>
          </li>
        </List>
      </MemoryRouter>,
    );
    const chosen = screen.getByRole('button', { name: 'Chosen' });
    expect(chosen).toBe(screen.getByTestId('chosen'));
    expect(chosen.getAttribute('aria-pressed')).toBe('true');
    expect(screen.getByRole('button', { name: 'Other' }).getAttribute('aria-pressed')).toBe('false');
    await userEvent.click(chosen);
    expect(onClick).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('link', { name: 'Order 7' }).getAttribute('href')).toBe('/orders/7');
    expect(screen.getByRole('link', { name: 'Help' }).getAttribute('target')).toBe('_blank');
    const disabled = screen.getByRole('button', { name: 'Order 8' }) as HTMLButtonElement;
    expect(disabled.disabled).toBe(true);
    expect(screen.queryByRole('link', { name: 'Order 8' })).toBeNull();
    await userEvent.click(disabled);
    expect(onClick).toHaveBeenCalledTimes(1);
  });
});

describe('Table', () => {
  it('renders head cells as column headers and body cells as cells; a row with onClick is clickable', async () => {
    const onClick = vi.fn();
    render(
      <TableContainer>
        <Table size="small" stickyHeader aria-label="sales">
          <TableHead>
            <TableRow>
              <TableCell>Day</TableCell>
              <TableCell align="end">Amount</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            <TableRow onClick={onClick} data-testid="row">
              <TableCell component="th" scope="row">
                Monday
              </TableCell>
              <TableCell align="end" colSpan={1} padding="none">
                12.00
              </TableCell>
            </TableRow>
          </TableBody>
        </Table>
      </TableContainer>,
    );
    expect(screen.getByRole('table', { name: 'sales' })).toBeTruthy();
    const headers = screen.getAllByRole('columnheader');
    expect(headers.map((cell) => cell.textContent)).toEqual(['Day', 'Amount']);
    expect(headers[0]?.getAttribute('scope')).toBe('col');
    expect(screen.getByRole('rowheader', { name: 'Monday' }).getAttribute('scope')).toBe('row');
    expect(screen.getByRole('cell', { name: '12.00' }).tagName).toBe('TD');
    await userEvent.click(screen.getByTestId('row'));
    expect(onClick).toHaveBeenCalledTimes(1);
  });
});

describe('Pagination', () => {
  it('lists the pages as MUI does: the ends, the current page and its neighbours, ellipses for the gaps', () => {
    expect(pageItems(0, 1)).toEqual([]);
    expect(pageItems(1, 1)).toEqual([1]);
    expect(pageItems(5, 1)).toEqual([1, 2, 3, 4, 5]);
    expect(pageItems(7, 4)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(pageItems(10, 1)).toEqual([1, 2, 3, 4, 5, 'end-ellipsis', 10]);
    expect(pageItems(10, 4)).toEqual([1, 2, 3, 4, 5, 'end-ellipsis', 10]);
    expect(pageItems(10, 5)).toEqual([1, 'start-ellipsis', 4, 5, 6, 'end-ellipsis', 10]);
    expect(pageItems(10, 10)).toEqual([1, 'start-ellipsis', 6, 7, 8, 9, 10]);
  });

  function Pages({ onChange, count = 10 }: { onChange: (page: number) => void; count?: number }) {
    const [page, setPage] = useState(1);
    return (
      <Pagination
        count={count}
        page={page}
        size="small"
        data-testid="pages"
        onChange={(next) => {
          onChange(next);
          setPage(next);
        }}
      />
    );
  }

  it('is a navigation of page buttons, the current one aria-current="page"', async () => {
    const onChange = vi.fn();
    render(<Pages onChange={onChange} />);
    const nav = screen.getByRole('navigation', { name: 'pagination navigation' });
    expect(nav).toBe(screen.getByTestId('pages'));
    const current = screen.getByRole('button', { name: 'page 1' });
    expect(current.getAttribute('aria-current')).toBe('page');
    expect(screen.getByRole('button', { name: 'Go to page 2' }).getAttribute('aria-current')).toBeNull();
    expect(nav.textContent).toBe('12345…10');
    await userEvent.click(current);
    expect(onChange).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole('button', { name: 'Go to page 5' }));
    expect(onChange).toHaveBeenLastCalledWith(5);
    expect(screen.getByRole('button', { name: 'page 5' }).getAttribute('aria-current')).toBe('page');
    expect(nav.textContent).toBe('1…456…10');
  });

  it('steps with previous and next, disabled at the ends', async () => {
    const onChange = vi.fn();
    render(<Pages onChange={onChange} count={2} />);
    const previous = screen.getByRole('button', { name: 'Go to previous page' }) as HTMLButtonElement;
    const next = screen.getByRole('button', { name: 'Go to next page' }) as HTMLButtonElement;
    expect(previous.disabled).toBe(true);
    await userEvent.click(next);
    expect(onChange).toHaveBeenLastCalledWith(2);
    expect(next.disabled).toBe(true);
    expect(previous.disabled).toBe(false);
    await userEvent.click(previous);
    expect(onChange).toHaveBeenLastCalledWith(1);
  });

  it('takes the buttons names in the reader language, and a disabled state', () => {
    render(
      <Pagination
        count={3}
        page={2}
        onChange={() => undefined}
        disabled
        aria-label="页码"
        getItemAriaLabel={(type, page) => (type === 'page' ? `第 ${page} 页` : type)}
      />,
    );
    expect(screen.getByRole('navigation', { name: '页码' })).toBeTruthy();
    for (const name of ['previous', '第 1 页', '第 2 页', '第 3 页', 'next'])
      expect((screen.getByRole('button', { name }) as HTMLButtonElement).disabled).toBe(true);
  });
});

describe('useMediaQuery', () => {
  it("writes MUI's breakpoints as media queries", () => {
    expect(up('sm')).toBe('(min-width:600px)');
    expect(up('md')).toBe('(min-width:900px)');
    expect(down('sm')).toBe('(max-width:599.95px)');
    expect(down('xl')).toBe('(max-width:1535.95px)');
  });

  it('is false where there is no matchMedia', () => {
    vi.stubGlobal('matchMedia', undefined);
    const { result } = renderHook(() => useMediaQuery(up('md')));
    expect(result.current).toBe(false);
  });

  it('follows the media query as it starts and stops matching', () => {
    let matches = true;
    const listeners = new Set<() => void>();
    const queries: string[] = [];
    vi.stubGlobal('matchMedia', (query: string) => {
      queries.push(query);
      return {
        get matches() {
          return matches;
        },
        media: query,
        addEventListener: (_type: string, listener: () => void) => listeners.add(listener),
        removeEventListener: (_type: string, listener: () => void) => listeners.delete(listener),
      };
    });
    const { result, unmount } = renderHook(() => useMediaQuery('@media (min-width:900px)'));
    expect(result.current).toBe(true);
    expect(queries.every((query) => query === '(min-width:900px)')).toBe(true);
    act(() => {
      matches = false;
      for (const listener of listeners) listener();
    });
    expect(result.current).toBe(false);
    unmount();
    expect(listeners.size).toBe(0);
  });
});
