import { z } from 'zod';

/** The one error body of the API: a stable code, the catalog key and the message in the caller's language. */
export const ErrorResponse = z.object({
  error: z.object({
    code: z.string(),
    key: z.string(),
    message: z.string(),
    details: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
  }),
});
export type ErrorResponse = z.infer<typeof ErrorResponse>;
