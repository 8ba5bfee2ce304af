// Setup of the `components` vitest project (web/src/**/*.test.tsx, in happy-dom): vitest runs
// without globals, so Testing Library cannot register its own cleanup; unmount after every test.
import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';

afterEach(cleanup);
