// @vitest-environment jsdom
// The phone layer's overlays (src/ui, decision 049): Dialog, Drawer, Popover, Menu and Tooltip, with the roles, keys,
// focus and scroll lock MUI gave them, and the popover's place under its anchor in both directions.
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { useState } from 'react';
import { MemoryRouter } from '../src/router';
import type { MockInstance } from 'vitest';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle } from '../src/ui/dialog';
import { Drawer } from '../src/ui/drawer';
import { Menu, MenuItem, MenuItemIcon, MenuItemText } from '../src/ui/menu';
import { Popover } from '../src/ui/popover';
import { Tooltip } from '../src/ui/tooltip';

const spies: MockInstance[] = [];

afterEach(() => {
  cleanup();
  document.dir = '';
  for (const spy of spies.splice(0)) spy.mockRestore();
});

/** jsdom lays nothing out: the anchor's rectangle and the floating box's size, as a phone would measure them. */
function layOut(anchor: HTMLElement, rect: { left: number; top: number; width: number; height: number }) {
  anchor.getBoundingClientRect = () =>
    ({
      ...rect,
      x: rect.left,
      y: rect.top,
      right: rect.left + rect.width,
      bottom: rect.top + rect.height,
    }) as DOMRect;
}
function boxSize(width: number, height: number) {
  spies.push(vi.spyOn(HTMLElement.prototype, 'offsetWidth', 'get').mockReturnValue(width));
  spies.push(vi.spyOn(HTMLElement.prototype, 'offsetHeight', 'get').mockReturnValue(height));
}

// ---- Dialog -------------------------------------------------------------------------------------------------------

function ConfirmHarness({
  onClose,
  disableBackdropClose,
  children,
}: {
  onClose: (reason: string) => void;
  disableBackdropClose?: boolean;
  children?: ReactNode;
}) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Delete
      </button>
      <Dialog
        open={open}
        onClose={(reason) => {
          onClose(reason);
          setOpen(false);
        }}
        aria-labelledby="confirm-title"
        aria-describedby="confirm-text"
        disableBackdropClose={disableBackdropClose}
        data-testid="confirm"
      >
        <DialogTitle id="confirm-title">Delete the account?</DialogTitle>
        <DialogContent>
          <DialogContentText id="confirm-text">It cannot be undone.</DialogContentText>
          <input aria-label="Reason" />
          {children}
        </DialogContent>
        <DialogActions>
          <button type="button" onClick={() => setOpen(false)}>
            Cancel
          </button>
          <button type="button">Yes</button>
        </DialogActions>
      </Dialog>
    </>
  );
}

describe('Dialog', () => {
  it('opens as a modal dialog in a portal, named by its title, with focus on its first field and the page locked', async () => {
    const onClose = vi.fn();
    const { container } = render(<ConfirmHarness onClose={onClose} />);
    expect(screen.queryByRole('dialog')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Delete' }));

    const dialog = screen.getByRole('dialog', { name: 'Delete the account?' });
    expect(dialog.getAttribute('aria-modal')).toBe('true');
    expect(dialog.getAttribute('aria-describedby')).toBe('confirm-text');
    expect(dialog.dataset.testid).toBe('confirm');
    expect(screen.getByRole('heading', { level: 2, name: 'Delete the account?' }).id).toBe('confirm-title');
    expect(container.contains(dialog)).toBe(false);
    expect(document.activeElement).toBe(screen.getByRole('textbox', { name: 'Reason' }));
    expect(document.body.style.overflow).toBe('hidden');
  });

  it('closes on Esc with its reason, unmounts, gives focus back to the opener and unlocks the page', async () => {
    const onClose = vi.fn();
    render(<ConfirmHarness onClose={onClose} />);
    const opener = screen.getByRole('button', { name: 'Delete' });
    await userEvent.click(opener);
    await userEvent.keyboard('{Escape}');

    expect(onClose).toHaveBeenCalledWith('escape');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.queryByText('It cannot be undone.')).toBeNull();
    expect(document.activeElement).toBe(opener);
    expect(document.body.style.overflow).toBe('');
  });

  it('keeps Tab and Shift+Tab inside the dialog', async () => {
    render(<ConfirmHarness onClose={vi.fn()} />);
    await userEvent.click(screen.getByRole('button', { name: 'Delete' }));
    const field = screen.getByRole('textbox', { name: 'Reason' });
    const yes = screen.getByRole('button', { name: 'Yes' });

    await userEvent.tab();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Cancel' }));
    await userEvent.tab();
    expect(document.activeElement).toBe(yes);
    await userEvent.tab();
    expect(document.activeElement).toBe(field);
    await userEvent.tab({ shift: true });
    expect(document.activeElement).toBe(yes);
  });

  it('closes on a press on the backdrop, not on one inside the paper; not at all with disableBackdropClose', async () => {
    const onClose = vi.fn();
    const { unmount } = render(<ConfirmHarness onClose={onClose} />);
    await userEvent.click(screen.getByRole('button', { name: 'Delete' }));
    const dialog = screen.getByRole('dialog');
    await userEvent.click(screen.getByText('It cannot be undone.'));
    await userEvent.click(dialog);
    expect(onClose).not.toHaveBeenCalled();
    // The box around the paper covers the backdrop: a press outside the paper lands on it.
    await userEvent.click(dialog.parentElement!);
    expect(onClose).toHaveBeenCalledWith('backdrop');
    expect(screen.queryByRole('dialog')).toBeNull();
    unmount();

    const onCloseLocked = vi.fn();
    render(<ConfirmHarness onClose={onCloseLocked} disableBackdropClose />);
    await userEvent.click(screen.getByRole('button', { name: 'Delete' }));
    await userEvent.click(screen.getByRole('dialog').parentElement!);
    expect(onCloseLocked).not.toHaveBeenCalled();
    await userEvent.keyboard('{Escape}');
    expect(onCloseLocked).toHaveBeenCalledWith('escape');
  });

  it('focuses the paper when nothing in it takes focus, and leaves focus on a child that took it (autoFocus)', async () => {
    const { rerender } = render(
      <Dialog open aria-label="Notice">
        <DialogContent>Saved.</DialogContent>
      </Dialog>,
    );
    expect(document.activeElement).toBe(screen.getByRole('dialog', { name: 'Notice' }));

    rerender(
      <Dialog open={false} aria-label="Notice">
        <DialogContent>Saved.</DialogContent>
      </Dialog>,
    );
    rerender(
      <Dialog open aria-label="Confirm">
        <DialogActions>
          <button type="button">Cancel</button>
          <button type="button" autoFocus>
            Yes
          </button>
        </DialogActions>
      </Dialog>,
    );
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Yes' }));
  });

  it('closes only the top-most of two dialogs on Esc, the page locked until both are closed', async () => {
    function Nested() {
      const [inner, setInner] = useState(false);
      return (
        <>
          <button type="button" onClick={() => setInner(true)}>
            More
          </button>
          <Dialog open={inner} onClose={() => setInner(false)} aria-label="Inner">
            <button type="button">Inner button</button>
          </Dialog>
        </>
      );
    }
    const onClose = vi.fn();
    render(
      <ConfirmHarness onClose={onClose}>
        <Nested />
      </ConfirmHarness>,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Delete' }));
    const more = screen.getByRole('button', { name: 'More' });
    await userEvent.click(more);
    expect(screen.getByRole('dialog', { name: 'Inner' })).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Inner button' }));

    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('dialog', { name: 'Inner' })).toBeNull();
    expect(screen.getByRole('dialog', { name: 'Delete the account?' })).toBeTruthy();
    expect(onClose).not.toHaveBeenCalled();
    expect(document.activeElement).toBe(more);
    expect(document.body.style.overflow).toBe('hidden');

    await userEvent.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalledWith('escape');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.body.style.overflow).toBe('');
  });
});

// ---- Drawer -------------------------------------------------------------------------------------------------------

function DrawerHarness({
  onClose,
  keepMounted,
}: {
  onClose: (reason: string) => void;
  keepMounted?: boolean;
}) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Menu
      </button>
      <Drawer
        open={open}
        onClose={(reason) => {
          onClose(reason);
          setOpen(false);
        }}
        anchor="start"
        keepMounted={keepMounted}
        aria-label="Navigation"
        data-testid="sidebar"
      >
        <input aria-label="Filter" />
        <a href="/home">Home</a>
      </Drawer>
    </>
  );
}

describe('Drawer', () => {
  it('is a modal sheet: named, focus in and back, Esc and the backdrop close it, the page locked while open', async () => {
    const onClose = vi.fn();
    render(<DrawerHarness onClose={onClose} />);
    const opener = screen.getByRole('button', { name: 'Menu' });
    await userEvent.click(opener);

    const sheet = screen.getByRole('dialog', { name: 'Navigation' });
    expect(sheet.getAttribute('aria-modal')).toBe('true');
    expect(sheet.dataset.testid).toBe('sidebar');
    expect(document.activeElement).toBe(screen.getByRole('textbox', { name: 'Filter' }));
    expect(document.body.style.overflow).toBe('hidden');
    await userEvent.tab();
    await userEvent.tab();
    expect(document.activeElement).toBe(screen.getByRole('textbox', { name: 'Filter' }));

    await userEvent.keyboard('{Escape}');
    expect(onClose).toHaveBeenLastCalledWith('escape');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(opener);
    expect(document.body.style.overflow).toBe('');

    await userEvent.click(opener);
    await userEvent.click(screen.getByRole('dialog').parentElement!);
    expect(onClose).toHaveBeenLastCalledWith('backdrop');
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('keeps its content (and what was typed) while closed with keepMounted', async () => {
    render(<DrawerHarness onClose={vi.fn()} keepMounted />);
    // Never opened yet: kept from the first render on, as MUI's keepMounted.
    await userEvent.click(screen.getByRole('button', { name: 'Menu' }));
    await userEvent.type(screen.getByRole('textbox', { name: 'Filter' }), 'abc');
    await userEvent.keyboard('{Escape}');

    expect(document.body.style.overflow).toBe('');
    expect(screen.queryByRole('dialog')).toBeNull();
    const field = document.querySelector<HTMLInputElement>('input[aria-label="Filter"]');
    expect(field?.value).toBe('abc');
    await userEvent.click(screen.getByRole('button', { name: 'Menu' }));
    expect(screen.getByRole('textbox', { name: 'Filter' })).toBe(field);
    expect(document.activeElement).toBe(field);
  });
});

// ---- Popover ------------------------------------------------------------------------------------------------------

function PopoverHarness({
  onClose,
  placement,
}: {
  onClose?: (reason: string) => void;
  placement?: 'bottom-start' | 'bottom-end';
}) {
  const [anchorEl, setAnchorEl] = useState<HTMLElement | null>(null);
  return (
    <>
      <button type="button" onClick={(event) => setAnchorEl(event.currentTarget)}>
        Cart
      </button>
      <p>Outside</p>
      <Popover
        open={anchorEl !== null}
        anchorEl={anchorEl}
        onClose={(reason) => {
          onClose?.(reason);
          setAnchorEl(null);
        }}
        placement={placement}
        role="dialog"
        aria-label="Your cart"
        id="cart-popover"
        data-testid="cart"
      >
        <button type="button">Check out</button>
      </Popover>
    </>
  );
}

async function openPopover(placement?: 'bottom-start' | 'bottom-end', onClose?: (reason: string) => void) {
  render(<PopoverHarness placement={placement} onClose={onClose} />);
  const anchor = screen.getByRole('button', { name: 'Cart' });
  layOut(anchor, { left: 500, top: 50, width: 40, height: 30 });
  boxSize(200, 100);
  await userEvent.click(anchor);
  return { anchor, paper: screen.getByRole('dialog', { name: 'Your cart' }) };
}

describe('Popover', () => {
  it('hangs under its anchor, lined up with its left edge (start) or right edge (end) in a left-to-right page', async () => {
    const { paper } = await openPopover('bottom-start');
    expect(paper.id).toBe('cart-popover');
    expect(paper.dataset.testid).toBe('cart');
    expect(paper.style.top).toBe('80px');
    expect(paper.style.left).toBe('500px');
    cleanup();

    const end = await openPopover('bottom-end');
    expect(end.paper.style.left).toBe('340px');
  });

  it('in a right-to-left page lines up start with the right edge and end with the left edge', async () => {
    document.dir = 'rtl';
    const { paper } = await openPopover('bottom-start');
    expect(paper.style.left).toBe('340px');
    cleanup();

    const end = await openPopover('bottom-end');
    expect(end.paper.style.left).toBe('500px');
  });

  it('stays 8 px inside the viewport and follows its anchor when the window is resized', async () => {
    const { anchor, paper } = await openPopover('bottom-start');
    layOut(anchor, { left: 950, top: 700, width: 40, height: 30 });
    act(() => {
      window.dispatchEvent(new Event('resize'));
    });
    // jsdom's viewport is 1024 x 768: 1024 - 8 - 200 and 768 - 8 - 100.
    expect(paper.style.left).toBe('816px');
    expect(paper.style.top).toBe('660px');

    layOut(anchor, { left: 20, top: 100, width: 40, height: 30 });
    act(() => {
      window.dispatchEvent(new Event('scroll'));
    });
    expect(paper.style.left).toBe('20px');
    expect(paper.style.top).toBe('130px');
  });

  it('takes focus, hides the page, closes on a tap beside it (its backdrop) and on Esc, focus back on the anchor', async () => {
    const onClose = vi.fn();
    const { anchor, paper } = await openPopover('bottom-start', onClose);
    expect(document.activeElement).toBe(paper);
    // The page under it is hidden from screen readers while it is open; the backdrop takes a tap beside it.
    expect(screen.getByText('Outside').closest('[aria-hidden="true"]')).not.toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Check out' }));
    expect(onClose).not.toHaveBeenCalled();
    const backdrop = paper.previousElementSibling;
    if (!(backdrop instanceof HTMLElement)) throw new Error('no backdrop');
    fireEvent.click(backdrop);
    expect(onClose).toHaveBeenCalledWith('outside');
    expect(screen.getByText('Outside').closest('[aria-hidden="true"]')).toBeNull();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(anchor);

    await userEvent.click(anchor);
    await userEvent.keyboard('{Escape}');
    expect(onClose).toHaveBeenLastCalledWith('escape');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(anchor);
  });
});

// ---- Menu ---------------------------------------------------------------------------------------------------------

function MenuHarness({
  onClose,
  onItem,
  selected,
}: {
  onClose?: (reason: string) => void;
  onItem?: (name: string) => void;
  selected?: string;
}) {
  const [anchorEl, setAnchorEl] = useState<HTMLElement | null>(null);
  return (
    <>
      <button type="button" onClick={(event) => setAnchorEl(event.currentTarget)}>
        Account
      </button>
      <Menu
        open={anchorEl !== null}
        anchorEl={anchorEl}
        onClose={(reason) => {
          onClose?.(reason);
          setAnchorEl(null);
        }}
        aria-label="Account menu"
        id="account-menu"
        data-testid="account"
      >
        {['Profile', 'Inbox', 'Settings', 'Log out'].map((name) => (
          <MenuItem
            key={name}
            disabled={name === 'Inbox'}
            selected={name === selected}
            onClick={() => onItem?.(name)}
          >
            <MenuItemIcon>*</MenuItemIcon>
            <MenuItemText primary={name} secondary={name === 'Profile' ? 'Your details' : undefined} />
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}

describe('Menu', () => {
  it('is a named role=menu of menuitems, its first item focused on open', async () => {
    render(<MenuHarness />);
    await userEvent.click(screen.getByRole('button', { name: 'Account' }));
    const menu = screen.getByRole('menu', { name: 'Account menu' });
    expect(menu.id).toBe('account-menu');
    expect(menu.dataset.testid).toBe('account');
    const items = within(menu).getAllByRole('menuitem');
    expect(items.map((item) => item.textContent)).toEqual([
      '*ProfileYour details',
      '*Inbox',
      '*Settings',
      '*Log out',
    ]);
    expect(document.activeElement).toBe(items[0]);
    expect(screen.getByRole('menuitem', { name: /Inbox/ }).getAttribute('aria-disabled')).toBe('true');
  });

  it('moves focus with the arrows (round, past disabled items), Home and End', async () => {
    render(<MenuHarness />);
    await userEvent.click(screen.getByRole('button', { name: 'Account' }));
    const item = (name: string) => screen.getByRole('menuitem', { name: new RegExp(name) });

    await userEvent.keyboard('{ArrowDown}');
    expect(document.activeElement).toBe(item('Settings'));
    await userEvent.keyboard('{ArrowDown}');
    expect(document.activeElement).toBe(item('Log out'));
    await userEvent.keyboard('{ArrowDown}');
    expect(document.activeElement).toBe(item('Profile'));
    await userEvent.keyboard('{ArrowUp}');
    expect(document.activeElement).toBe(item('Log out'));
    await userEvent.keyboard('{Home}');
    expect(document.activeElement).toBe(item('Profile'));
    await userEvent.keyboard('{End}');
    expect(document.activeElement).toBe(item('Log out'));
  });

  it('focuses the selected item on open', async () => {
    render(<MenuHarness selected="Settings" />);
    await userEvent.click(screen.getByRole('button', { name: 'Account' }));
    const settings = screen.getByRole('menuitem', { name: /Settings/ });
    expect(settings.getAttribute('aria-current')).toBe('true');
    expect(document.activeElement).toBe(settings);
  });

  it('does not close itself when an item is chosen: the caller does', async () => {
    const onItem = vi.fn();
    const onClose = vi.fn();
    render(<MenuHarness onItem={onItem} onClose={onClose} />);
    await userEvent.click(screen.getByRole('button', { name: 'Account' }));
    await userEvent.click(screen.getByRole('menuitem', { name: /Settings/ }));
    await userEvent.keyboard('{Enter}');
    expect(onItem.mock.calls).toEqual([['Settings'], ['Settings']]);
    await userEvent.click(screen.getByRole('menuitem', { name: /Inbox/ }), { pointerEventsCheck: 0 });
    expect(onItem).toHaveBeenCalledTimes(2);
    expect(onClose).not.toHaveBeenCalled();
    expect(screen.getByRole('menu')).toBeTruthy();
  });

  it('closes on Tab and on Esc, focus back on its button', async () => {
    const onClose = vi.fn();
    render(<MenuHarness onClose={onClose} />);
    const button = screen.getByRole('button', { name: 'Account' });
    await userEvent.click(button);
    await userEvent.tab();
    expect(onClose).toHaveBeenLastCalledWith('tab');
    expect(screen.queryByRole('menu')).toBeNull();
    expect(document.activeElement).toBe(button);

    await userEvent.click(button);
    await userEvent.keyboard('{ArrowDown}{Escape}');
    expect(onClose).toHaveBeenLastCalledWith('escape');
    expect(screen.queryByRole('menu')).toBeNull();
    expect(document.activeElement).toBe(button);
  });

  it('draws router links and outside links as menuitems', async () => {
    render(
      <MemoryRouter>
        <Menu open anchorEl={document.body} onClose={vi.fn()} aria-label="Links">
          <MenuItem to="/profile" state={{ from: '/' }}>
            <MenuItemText>Profile</MenuItemText>
          </MenuItem>
          <MenuItem href="https://example.com/help" target="_blank" rel="noreferrer">
            Help
          </MenuItem>
          <MenuItem to="/locked" disabled>
            Locked
          </MenuItem>
        </Menu>
      </MemoryRouter>,
    );
    expect(screen.getByRole('menuitem', { name: 'Profile' }).getAttribute('href')).toBe('/profile');
    expect(screen.getByRole('menuitem', { name: 'Help' }).getAttribute('href')).toBe(
      'https://example.com/help',
    );
    expect(screen.getByRole('menuitem', { name: 'Locked' }).tagName).toBe('BUTTON');
  });

  it('inside a dialog, Esc and Tab close the menu alone', async () => {
    const onDialogClose = vi.fn();
    render(
      <Dialog open onClose={onDialogClose} aria-label="Edit">
        <button type="button">First</button>
        <MenuHarness />
      </Dialog>,
    );
    const account = screen.getByRole('button', { name: 'Account' });
    await userEvent.click(account);
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('menu')).toBeNull();
    expect(onDialogClose).not.toHaveBeenCalled();
    expect(document.activeElement).toBe(account);

    // Tab closes the menu, focus back on its button; the dialog's Tab trap does not act on that key as well.
    await userEvent.click(account);
    await userEvent.tab();
    expect(screen.queryByRole('menu')).toBeNull();
    expect(document.activeElement).toBe(account);
    await userEvent.keyboard('{Escape}');
    expect(onDialogClose).toHaveBeenCalledWith('escape');
  });
});

// ---- Tooltip ------------------------------------------------------------------------------------------------------

describe('Tooltip', () => {
  it('shows on a mouse hover, describing its element, and hides when the mouse leaves', async () => {
    render(
      <Tooltip title="Reload">
        <button type="button" aria-label="Reload the list">
          ↻
        </button>
      </Tooltip>,
    );
    const button = screen.getByRole('button', { name: 'Reload the list' });
    expect(button.getAttribute('aria-describedby')).toBeNull();
    await userEvent.hover(button);
    const tooltip = await screen.findByRole('tooltip');
    expect(tooltip.textContent).toBe('Reload');
    expect(button.getAttribute('aria-describedby')).toBe(tooltip.id);
    expect(document.body.contains(tooltip)).toBe(true);

    await userEvent.unhover(button);
    expect(screen.queryByRole('tooltip')).toBeNull();
    expect(button.getAttribute('aria-describedby')).toBeNull();
  });

  it('shows on keyboard focus, keeps the element’s own description and handlers, and hides on Esc and blur', async () => {
    const onFocus = vi.fn();
    render(
      <>
        <span id="hint">Hint</span>
        <Tooltip title="Copy" placement="top">
          <button type="button" aria-describedby="hint" onFocus={onFocus}>
            Copy
          </button>
        </Tooltip>
        <button type="button">Next</button>
      </>,
    );
    await userEvent.tab();
    const tooltip = screen.getByRole('tooltip');
    const button = screen.getByRole('button', { name: 'Copy' });
    expect(onFocus).toHaveBeenCalledTimes(1);
    expect(button.getAttribute('aria-describedby')).toBe(`hint ${tooltip.id}`);
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('tooltip')).toBeNull();
    expect(button.getAttribute('aria-describedby')).toBe('hint');

    await userEvent.tab({ shift: true });
    await userEvent.tab();
    expect(screen.getByRole('tooltip')).toBeTruthy();
    await userEvent.tab();
    expect(screen.queryByRole('tooltip')).toBeNull();
  });

  it('is placed above its element, centred, or below it when there is no room above', async () => {
    render(
      <Tooltip title="Share" placement="top">
        <button type="button">Share</button>
      </Tooltip>,
    );
    const button = screen.getByRole('button');
    layOut(button, { left: 300, top: 400, width: 40, height: 40 });
    boxSize(60, 20);
    await userEvent.hover(button);
    // 14 px away (MUI's gap): 400 - 14 - 20 above; centred: 300 + (40 - 60) / 2.
    const above = await screen.findByRole('tooltip');
    expect(above.style.top).toBe('366px');
    expect(above.style.left).toBe('290px');

    await userEvent.unhover(button);
    layOut(button, { left: 300, top: 10, width: 40, height: 40 });
    await userEvent.hover(button);
    expect((await screen.findByRole('tooltip')).style.top).toBe('64px');
  });

  it('shows nothing for a touch, and nothing at all with an empty title', async () => {
    const { unmount } = render(
      <Tooltip title="Reload">
        <button type="button">Reload</button>
      </Tooltip>,
    );
    fireEvent.pointerEnter(screen.getByRole('button'), { pointerType: 'touch' });
    await act(() => new Promise((resolve) => setTimeout(resolve, 200)));
    expect(screen.queryByRole('tooltip')).toBeNull();
    unmount();

    render(
      <Tooltip title="">
        <button type="button">Reload</button>
      </Tooltip>,
    );
    await userEvent.hover(screen.getByRole('button'));
    await userEvent.tab();
    await act(() => new Promise((resolve) => setTimeout(resolve, 200)));
    expect(screen.queryByRole('tooltip')).toBeNull();
    expect(screen.getByRole('button').getAttribute('aria-describedby')).toBeNull();
  });
});
