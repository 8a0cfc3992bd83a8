jest.mock('shared-auth', () => jest.requireActual('test-support/shared-auth.mock').sharedAuthMock());

import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { setUpTexts } from 'test-support/i18n';
import { InputField } from './input-field.component';
import { MultiSelectField, SelectField } from './select-field.component';
import { SwitchField } from './switch-field.component';

beforeAll(() => setUpTexts());

describe('InputField', () => {
  it('is labelled, limited to 255 characters and shows its error without question marks', () => {
    render(
      <InputField name="name" label="Name" value="" onChange={jest.fn()} error="Is the name required?" />,
    );
    const input = screen.getByRole('textbox', { name: 'Name' });
    expect(input).toHaveAttribute('maxLength', '255');
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toHaveAccessibleDescription('Is the name required');
  });

  it('gives number fields a minimum of 0', () => {
    render(<InputField name="days" label="Days" type="number" value={5} onChange={jest.fn()} />);
    expect(screen.getByRole('spinbutton', { name: 'Days' })).toHaveAttribute('min', '0');
  });

  it('links URL values only for http, https, ssh and ftp', () => {
    const { rerender } = render(
      <InputField name="url" label="URL" isUrl value="https://wiki.example.org" onChange={jest.fn()} />,
    );
    expect(screen.getByRole('link')).toHaveAttribute('href', 'https://wiki.example.org');
    rerender(
      <InputField name="url" label="URL" isUrl value="ftp://files.example.org" onChange={jest.fn()} />,
    );
    expect(screen.getByRole('link')).toHaveAttribute('href', 'ftp://files.example.org');
    rerender(<InputField name="url" label="URL" isUrl value="javascript:alert(1)" onChange={jest.fn()} />);
    expect(screen.queryByRole('link')).not.toBeInTheDocument();
    rerender(<InputField name="url" label="URL" isUrl value="wiki.example.org" onChange={jest.fn()} />);
    expect(screen.queryByRole('link')).not.toBeInTheDocument();
  });

  it('reports typed text', async () => {
    function Harness() {
      const [value, setValue] = useState('');
      return <InputField name="d" label="Description" multiline value={value} onChange={setValue} />;
    }
    render(<Harness />);
    await userEvent.type(screen.getByRole('textbox', { name: 'Description' }), 'Lab');
    expect(screen.getByRole('textbox', { name: 'Description' })).toHaveValue('Lab');
  });
});

describe('SelectField and MultiSelectField', () => {
  const OPTIONS = [
    { value: 'en', label: 'English' },
    { value: 'nl', label: 'Dutch' },
    { value: 'de', label: 'German' },
  ];

  it('chooses one option', async () => {
    const onChange = jest.fn();
    render(<SelectField name="lang" label="Language" value="" options={OPTIONS} onChange={onChange} />);
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Language' }), 'Dutch');
    expect(onChange).toHaveBeenCalledWith('nl');
  });

  it('adds and removes several options', async () => {
    function Harness() {
      const [values, setValues] = useState<string[]>(['en']);
      return (
        <MultiSelectField
          name="langs"
          label="Languages"
          values={values}
          options={OPTIONS}
          onChange={setValues}
        />
      );
    }
    render(<Harness />);
    const select = screen.getByRole('combobox', { name: 'Languages' });
    expect(screen.getByRole('list', { name: 'Languages' })).toHaveTextContent('English');
    expect(screen.queryByRole('option', { name: 'English' })).not.toBeInTheDocument();
    await userEvent.selectOptions(select, 'German');
    const chosen = () => screen.getAllByRole('listitem').map((item) => item.textContent?.replace('×', ''));
    expect(chosen()).toEqual(['English', 'German']);
    await userEvent.click(screen.getByRole('button', { name: 'Remove English' }));
    expect(chosen()).toEqual(['German']);
    expect(screen.getByRole('option', { name: 'English' })).toBeInTheDocument();
  });
});

describe('SwitchField', () => {
  it('is a switch that toggles by click, Space and Enter', async () => {
    function Harness() {
      const [on, setOn] = useState(false);
      return <SwitchField name="eduid" label="eduID only" value={on} onChange={setOn} />;
    }
    render(<Harness />);
    const toggle = screen.getByRole('switch', { name: 'eduID only' });
    expect(toggle).toHaveAttribute('aria-checked', 'false');
    await userEvent.click(toggle);
    expect(toggle).toHaveAttribute('aria-checked', 'true');
    toggle.focus();
    await userEvent.keyboard(' ');
    expect(toggle).toHaveAttribute('aria-checked', 'false');
    await userEvent.keyboard('{Enter}');
    expect(toggle).toHaveAttribute('aria-checked', 'true');
  });

  it('does nothing when disabled', async () => {
    const onChange = jest.fn();
    render(<SwitchField name="x" label="Locked" value={false} onChange={onChange} disabled />);
    await userEvent.click(screen.getByRole('switch', { name: 'Locked' }));
    expect(onChange).not.toHaveBeenCalled();
  });
});
