import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Form, Formik, type FormikHelpers } from 'formik';
import { ApiError } from '@guestspot/shared-api';
import { applyNestedFormErrors, DraftSync, FormTextArea } from '.';

describe('DraftSync', () => {
  it('reports each edit, not the first render', async () => {
    const onChange = jest.fn();
    render(
      <Formik initialValues={{ body: 'Draft' }} onSubmit={() => undefined}>
        <Form>
          <DraftSync onChange={onChange} />
          <FormTextArea name="body" label="Question" />
        </Form>
      </Formik>,
    );
    expect(onChange).not.toHaveBeenCalled();
    await userEvent.type(screen.getByLabelText('Question'), '!');
    expect(onChange).toHaveBeenLastCalledWith({ body: 'Draft!' });
  });
});

describe('applyNestedFormErrors', () => {
  it("puts the server's dotted field names where Formik looks them up", () => {
    const setErrors = jest.fn();
    const setStatus = jest.fn();
    const helpers = { setErrors, setStatus } as Pick<
      FormikHelpers<{ questions: { body: string }[] }>,
      'setErrors' | 'setStatus'
    >;
    const message = applyNestedFormErrors(
      new ApiError(422, 'The given data was invalid.', {
        'questions.1.body': ['The questions.1.body field is required.'],
        title: ['The title field is required.', 'ignored'],
      }),
      helpers,
    );
    expect(message).toBe('The given data was invalid.');
    expect(setErrors).toHaveBeenCalledWith({
      questions: [undefined, { body: 'The questions.1.body field is required.' }],
      title: 'The title field is required.',
    });
    expect(setStatus).toHaveBeenCalledWith({ error: 'The given data was invalid.' });
  });
});
