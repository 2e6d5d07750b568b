import { configure } from '@testing-library/react';

// Two cores run the whole suite at once; a screen that needs a lazy chunk and a fetch can take
// longer than testing-library's 1 s default to appear without anything being wrong.
configure({ asyncUtilTimeout: 5000 });
