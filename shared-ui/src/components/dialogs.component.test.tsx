jest.mock('shared-auth', () => jest.requireActual('test-support/shared-auth.mock').sharedAuthMock());

import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { i18n, loadLanguageTexts } from '../i18n/i18n';
import { setUpTexts } from 'test-support/i18n';
import { clearFlash, setFlash, useErrorDialogStore } from 'shared-auth';
import { resetStores } from 'test-support/stores';
import { ConfirmationDialog } from './confirmation-dialog.component';
import { ErrorDialog } from './error-dialog.component';
import { FlashMessages } from './flash-messages.component';

beforeAll(() => setUpTexts());
beforeEach(resetStores);

function Harness({ onConfirm = jest.fn() }: { onConfirm?: () => void }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Delete role
      </button>
      <ConfirmationDialog
        open={open}
        title="Delete role"
        question="Are you sure?"
        isWarning
        confirm={() => {
          onConfirm();
          setOpen(false);
        }}
        cancel={() => setOpen(false)}
      >
        <input aria-label="reason" />
      </ConfirmationDialog>
    </>
  );
}

describe('ConfirmationDialog', () => {
  it('is a labelled modal that marks the body while open', async () => {
    render(<Harness />);
    expect(document.body).not.toHaveClass('modal-open');
    await userEvent.click(screen.getByRole('button', { name: 'Delete role' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Delete role' });
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    expect(dialog).toHaveAccessibleDescription('Are you sure?');
    expect(document.body).toHaveClass('modal-open');
  });

  it('waits while the part of the page that opened it is hidden (the loader hold), then shows', async () => {
    const { container } = render(
      <div data-testid="page" hidden>
        <ConfirmationDialog
          open
          title="A different e-mail address"
          question="Log in again"
          confirm={jest.fn()}
        />
      </div>,
    );
    expect(screen.queryByRole('dialog', { hidden: true })).not.toBeInTheDocument();
    expect(document.body).not.toHaveClass('modal-open');
    await act(async () => {
      (container.firstChild as HTMLElement).hidden = false;
    });
    expect(await screen.findByRole('dialog', { name: 'A different e-mail address' })).toBeInTheDocument();
    expect(document.body).toHaveClass('modal-open');
  });

  it('closes on Esc and gives focus back to the button that opened it', async () => {
    render(<Harness />);
    const opener = screen.getByRole('button', { name: 'Delete role' });
    await userEvent.click(opener);
    expect(screen.getByRole('textbox', { name: 'reason' })).toHaveFocus();
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(document.body).not.toHaveClass('modal-open');
    expect(opener).toHaveFocus();
  });

  it('keeps Tab inside the dialog', async () => {
    render(<Harness />);
    await userEvent.click(screen.getByRole('button', { name: 'Delete role' }));
    await userEvent.tab();
    expect(screen.getByRole('button', { name: 'Cancel' })).toHaveFocus();
    await userEvent.tab();
    expect(screen.getByRole('button', { name: 'Confirm' })).toHaveFocus();
    await userEvent.tab();
    expect(screen.getByRole('textbox', { name: 'reason' })).toHaveFocus();
    await userEvent.tab({ shift: true });
    expect(screen.getByRole('button', { name: 'Confirm' })).toHaveFocus();
  });

  it('confirms', async () => {
    const onConfirm = jest.fn();
    render(<Harness onConfirm={onConfirm} />);
    await userEvent.click(screen.getByRole('button', { name: 'Delete role' }));
    await userEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(onConfirm).toHaveBeenCalled();
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
  });
});

describe('ErrorDialog', () => {
  it('shows the failure texts with the reference number and closes on OK', async () => {
    render(<ErrorDialog supportEmail="help@example.org" />);
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    act(() => useErrorDialogStore.getState().show(4711));
    const dialog = screen.getByRole('alertdialog', { name: 'Error' });
    expect(dialog).toHaveTextContent('An error has occurred');
    expect(dialog).toHaveTextContent('The reference number for this exception is 4711');
    expect(screen.getByRole('link', { name: 'help@example.org' })).toHaveAttribute(
      'href',
      'mailto:help@example.org',
    );
    await userEvent.click(screen.getByRole('button', { name: 'OK' }));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(useErrorDialogStore.getState().open).toBe(false);
  });
});

/** The one polite live region of the page: the flash's words are announced there. */
const liveRegion = () => screen.getByRole('status');

/** The visible banner or toast of a flash, found by its words (it is no live region of its own). */
async function flashBox(text: string): Promise<HTMLElement> {
  const words = await screen.findByText(text, { selector: '.ui-flash *' });
  return words.closest<HTMLElement>('.ui-flash')!;
}

describe('FlashMessages', () => {
  it('has one empty polite live region before any message, and puts the message into it', async () => {
    render(<FlashMessages />);
    const region = liveRegion();
    expect(region).toHaveAttribute('aria-live', 'polite');
    expect(region).toHaveTextContent('');
    act(() => {
      setFlash('Role <strong>Wiki</strong> saved', 'info');
    });
    // The visible toast is drawn inside the region, which is the same element, not one created with the
    // text (that one some screen readers never announce); the toast is in a landmark of its own (axe's
    // rule `region`) and its words are on the page once.
    const toast = await flashBox('Wiki');
    expect(liveRegion()).toBe(region);
    expect(region).toContainElement(toast);
    expect(region).toHaveTextContent(/Role Wiki saved/);
    expect(screen.getAllByText('Wiki')).toHaveLength(1);
    expect(screen.getByRole('region', { name: 'Message' })).toContainElement(toast);
    act(() => {
      setFlash('Role is disabled', 'error');
    });
    await flashBox('Role is disabled');
    expect(liveRegion()).toBe(region);
    expect(region).toHaveTextContent(/Role is disabled/);
    expect(screen.getAllByText('Role is disabled')).toHaveLength(1);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    act(() => clearFlash());
    expect(liveRegion()).toHaveTextContent('');
  });

  it('shows an error as a banner with its action', async () => {
    const retry = jest.fn();
    render(<FlashMessages />);
    act(() => {
      setFlash('Role is disabled', 'error', retry, 'Retry');
    });
    // The banner's design-system part is its own chunk, loaded when the first flash shows.
    const banner = await flashBox('Role is disabled');
    expect(banner.querySelector('.sds--alert--status-error')).not.toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(retry).toHaveBeenCalled();
  });

  it('shows a warning as a banner too', async () => {
    render(<FlashMessages />);
    act(() => {
      setFlash('No provisioning', 'warning');
    });
    expect((await flashBox('No provisioning')).querySelector('.sds--alert--status-warning')).not.toBeNull();
  });

  it('shows success and info as a success toast that can be closed', async () => {
    render(<FlashMessages />);
    act(() => {
      setFlash('Role saved', 'info');
    });
    const toast = await flashBox('Role saved');
    expect(toast.querySelector('.sds--toaster--status-success')).not.toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Close message' }));
    expect(screen.queryByText('Role saved')).not.toBeInTheDocument();
  });

  it("names the close button in the page's language, not the design system's English", async () => {
    await i18n.changeLanguage('nl');
    await loadLanguageTexts();
    try {
      render(<FlashMessages />);
      act(() => {
        setFlash('Rol opgeslagen', 'error');
      });
      await flashBox('Rol opgeslagen');
      expect(liveRegion()).toHaveTextContent(/Rol opgeslagen/);
      expect(screen.getByRole('button', { name: 'Melding sluiten' })).toBeInTheDocument();
      expect(screen.queryByRole('button', { name: 'Close alert' })).not.toBeInTheDocument();
    } finally {
      await i18n.changeLanguage('en');
    }
  });
});
