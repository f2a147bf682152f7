/** @jest-environment ./test/web/jsdom-environment.ts */
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SchemaForm } from '../../forms/SchemaForm';
import { runtimeEntry } from '../../forms/schemas';

interface Answers {
  answers: string[];
}

const schema: Record<string, unknown> = { type: 'object', properties: { answers: { type: 'array', title: 'Answers', items: { type: 'string', title: 'Answer' } } } };

describe('SchemaForm array fields', () => {
  it('reorders items with labelled arrow buttons, not empty icon boxes', async () => {
    const onSubmit = jest.fn(async () => ({}));
    render(<SchemaForm<Answers> entry={runtimeEntry({ name: 'AnswersTest', schema })} formData={{ answers: ['Tea', 'Coffee', 'Juice'] }} submitText="Save" onSubmit={onSubmit} />);
    const user = userEvent.setup();
    const down = screen.getAllByRole('button', { name: 'Move down' });
    expect(down.map((button) => button.textContent)).toEqual(['↓', '↓', '↓']);
    await user.click(down[0]);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalled());
    expect(onSubmit).toHaveBeenCalledWith(expect.objectContaining({ answers: ['Coffee', 'Tea', 'Juice'] }));
    expect(screen.getAllByRole('button', { name: 'Move up' })).toHaveLength(3);
  });
});
