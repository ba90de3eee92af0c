import { config } from 'zod/v4/core';

// Zod compiles its object parsers with `new Function` unless told not to. The site's content security
// policy forbids that, and even zod's guarded probe for it is reported as a policy violation.
config({ jitless: true });
