// Component tests wait up to 5 s for what a screen draws (findBy, waitFor), not Testing
// Library's 1 s: CI runs the SQLite and FerretDB suites side by side on two cores, where a
// screen's first render with its lazy chunks can pass a second.
import { configure } from '@testing-library/dom';

configure({ asyncUtilTimeout: 5000 });
