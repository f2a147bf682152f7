/** @jest-environment ./test/web/jsdom-environment.ts */
// The add field popup of an array field: its item types read as the picker names them.
import { render, screen, within } from '@testing-library/react';
import { FieldPopup } from '../../web/src/pages/developer/database/fields/FieldPopup';

describe('array field popup', () => {
  it('names the array item types like the type picker, not by their ids', () => {
    render(<FieldPopup type="array" attributes={[]} collections={[]} onSave={jest.fn(async () => ({ message: '' }))} onClose={jest.fn()} />);
    const select = screen.getByLabelText('Array type', { exact: false, selector: 'select' });
    const options = within(select).getAllByRole('option').map((option) => option.textContent).filter(Boolean);
    expect(options).toEqual(['Text', 'Email', 'Rich text', 'Password', 'Number', 'Enumeration', 'Date', 'Boolean', 'JSON', 'UID', 'URL', 'Relation', 'Media']);
  });
});
