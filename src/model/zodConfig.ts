/**
 * Zod without its JIT: by default zod compiles object parsers with `new Function`, after
 * probing whether eval is allowed. Leaseline's Content-Security-Policy forbids eval, and the
 * probe alone is reported as a CSP violation, so the schemas run interpreted. Imported for
 * its effect by every module that defines a schema, before anything parses.
 */
import * as z from 'zod/mini';

z.config({ jitless: true });
