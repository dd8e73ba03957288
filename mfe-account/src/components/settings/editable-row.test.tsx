import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { axe } from 'jest-axe';
import * as yup from 'yup';
import type { AnyObjectSchema } from 'yup';
import { ApiError } from '@guestspot/shared-api';
import { FormTextField } from '@guestspot/shared-ui/forms';
import { EditableRow, type EditableRowProps } from './editable-row';

type Values = { nickname: string };
const schema: AnyObjectSchema = yup.object({
  nickname: yup.string().trim().required('Nickname is required'),
});

function deferred() {
  let resolve: () => void = () => undefined;
  let reject: (error: unknown) => void = () => undefined;
  const promise = new Promise<void>((ok, fail) => {
    resolve = ok;
    reject = fail;
  });
  return { promise, resolve, reject };
}

const field = () => screen.getByRole('textbox', { name: 'Nickname' });

function renderRow(props: Partial<EditableRowProps<Values>> = {}) {
  const save = jest.fn(() => Promise.resolve());
  const utils = render(
    <EditableRow<Values>
      label="Nickname"
      view="Ada"
      initialValues={{ nickname: 'Ada' }}
      schema={schema}
      save={save}
      {...props}
    >
      <FormTextField name="nickname" label="Nickname" />
    </EditableRow>,
  );
  return { save, ...utils };
}

describe('EditableRow', () => {
  it('shows the saved value with an Edit button, then the form with focus in it', async () => {
    const { container } = renderRow();
    const row = screen.getByRole('group', { name: 'Nickname' });
    expect(row).toHaveTextContent('Ada');
    expect(screen.queryByRole('textbox')).not.toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Edit Nickname' }));
    expect(screen.getByRole('form', { name: 'Edit Nickname' })).toBeInTheDocument();
    expect(field()).toHaveValue('Ada');
    await waitFor(() => expect(field()).toHaveFocus());
    expect(screen.getByRole('button', { name: 'Save' })).toBeEnabled();
    expect(await axe(container)).toHaveNoViolations();
  });

  it('validates with the schema and does not send an invalid form', async () => {
    const { save } = renderRow();
    await userEvent.click(screen.getByRole('button', { name: 'Edit Nickname' }));
    await userEvent.clear(field());
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Nickname is required')).toBeInTheDocument();
    expect(save).not.toHaveBeenCalled();
  });

  it('Cancel restores the saved value, leaves edit mode and gives focus back to Edit', async () => {
    const { save } = renderRow();
    await userEvent.click(screen.getByRole('button', { name: 'Edit Nickname' }));
    await userEvent.clear(field());
    await userEvent.type(field(), 'Countess');
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));

    expect(screen.queryByRole('form')).not.toBeInTheDocument();
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Edit Nickname' })).toHaveFocus(),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Edit Nickname' }));
    expect(field()).toHaveValue('Ada');
    expect(save).not.toHaveBeenCalled();
  });

  it('disables Save and Cancel while saving and leaves edit mode once saved', async () => {
    const pending = deferred();
    const save = jest.fn(() => pending.promise);
    renderRow({ save });
    await userEvent.click(screen.getByRole('button', { name: 'Edit Nickname' }));
    await userEvent.clear(field());
    await userEvent.type(field(), 'Countess');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(screen.getByRole('button', { name: /Save/ })).toBeDisabled());
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeDisabled();
    expect(save).toHaveBeenCalledWith({ nickname: 'Countess' });
    pending.resolve();
    await waitFor(() => expect(screen.queryByRole('form')).not.toBeInTheDocument());
  });

  it('puts a 422’s field errors on the fields, its message in an alert, and calls onError', async () => {
    const failure = new ApiError(422, 'The nickname is taken.', {
      nickname: ['The nickname has already been taken.'],
    });
    const onError = jest.fn();
    renderRow({ save: () => Promise.reject(failure), onError });
    await userEvent.click(screen.getByRole('button', { name: 'Edit Nickname' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('The nickname has already been taken.')).toBeInTheDocument();
    expect(field()).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByText('The nickname is taken.')).toBeInTheDocument();
    expect(onError).toHaveBeenCalledWith(failure);
    expect(screen.getByRole('form', { name: 'Edit Nickname' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Save' })).toBeEnabled();
  });

  it('has no Edit button for a row the viewer may only read', () => {
    renderRow({ editable: false });
    expect(screen.getByRole('group', { name: 'Nickname' })).toHaveTextContent('Ada');
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });
});
