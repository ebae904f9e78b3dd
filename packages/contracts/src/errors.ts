import { z } from "zod";

export const fieldErrorSchema = z.object({
  path: z.string().describe("Dotted path of the field, e.g. `price` or `phones.0.number`"),
  code: z.string().describe("Machine-readable reason, e.g. `too_small`, `invalid_format`"),
  message: z.string(),
});
export type FieldError = z.infer<typeof fieldErrorSchema>;

/** The one error body: `{ code, message, errors? }`. 5xx messages are never echoed. */
export const errorBodySchema = z.object({
  code: z.string(),
  message: z.string(),
  errors: z.array(fieldErrorSchema).optional(),
});
export type ErrorBody = z.infer<typeof errorBodySchema>;
