import { z } from 'zod';

// zod parses without compiling validators: its probe for `new Function`, made when a schema is built,
// is a violation of the page's Content-Security-Policy (no 'unsafe-eval'), reported even though zod
// catches it. Imported first by main.tsx, before any module builds a schema.
z.config({ jitless: true });
