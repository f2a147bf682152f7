// SchemaForm on the showcase fixture: submit succeeds, or fails the way the server would.
import { useState } from 'react';
import { SchemaForm } from '../../../../../forms/SchemaForm';
import { ApiError } from '../../../../../forms/server-errors';
import { showcaseData, showcaseDefinitions, showcaseSchema } from '../../../../../forms/fixtures/showcase';
import type { ShowcaseData } from '../../../../../forms/fixtures/showcase';
import { runtimeEntry } from '../../../../../forms/schemas';

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export function FormSection({ failing }: { failing: boolean }) {
  const [fail, setFail] = useState(failing);
  return (
    <div className="showcase__form">
      <label className="showcase__toggle">
        <input type="checkbox" checked={fail} onChange={(event) => setFail(event.target.checked)} /> Server answers with errors
      </label>
      <SchemaForm<ShowcaseData>
        entry={runtimeEntry({ name: 'Showcase', schema: showcaseSchema })}
        definitions={showcaseDefinitions}
        formData={showcaseData}
        submitText="Save changes"
        canSubmit={(data) => data.terms === true}
        toasts={{ pending: 'Saving...', success: 'Saved successfully' }}
        onSubmit={async () => {
          await wait(600);
          if (fail) throw new ApiError({ message: 'Could not update account details', fieldErrors: { email: 'Email is already in use', 'address.city': 'City is required' } });
          return { success: true, data: null, message: 'Saved' };
        }}
      >
        <button type="button" className="btn btn-ghost">
          Cancel
        </button>
      </SchemaForm>
    </div>
  );
}
