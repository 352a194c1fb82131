import { z } from 'zod';

/** Form fields arrive as strings (form posts) or JSON values; both are accepted. */
export const formBoolean = z
  .union([z.boolean(), z.enum(['true', 'false', '1', '0', 'on', ''])])
  .transform((v) => v === true || v === 'true' || v === '1' || v === 'on');
