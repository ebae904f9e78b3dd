import { z } from "zod";

/** The largest id the database holds (`serial`, a 4-byte integer). */
export const recordIdMax = 2_147_483_647;

/**
 * A record's id in a JSON body: a whole number from 1 to `recordIdMax`. A larger number names no
 * record and is refused here, before a query could fail on it.
 */
export const recordIdSchema = z.number().int().positive().max(recordIdMax);

/** The same id written in a path or a query string. */
export const recordIdParamSchema = z.coerce.number().int().positive().max(recordIdMax);
