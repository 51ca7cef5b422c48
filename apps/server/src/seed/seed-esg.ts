import { EsgFormInput } from '@excelencia/domain';
import { eq, max } from 'drizzle-orm';
import type { Executor } from '../db/client.ts';
import { esgForms, esgFormVersions } from '../db/schema/index.ts';
import { ESG_STARTER_CODE, ESG_STARTER_FORM } from './seed-data/esg-starter-form.ts';

/**
 * Loads the starter ESG form (seed-data/esg-starter-form.ts) unless a form with its code exists, whatever an
 * administrator has done to it since. Returns how many forms it added (0 or 1).
 */
export async function seedEsgStarterForm(tx: Executor): Promise<number> {
  const [existing] = await tx
    .select({ id: esgForms.id })
    .from(esgForms)
    .where(eq(esgForms.code, ESG_STARTER_CODE))
    .limit(1);
  if (existing) return 0;
  // Parsed like an admin's form, so the seed cannot hold a form the builder would refuse.
  const input = EsgFormInput.parse(ESG_STARTER_FORM);
  const [last] = await tx.select({ value: max(esgForms.orderNumber) }).from(esgForms);
  const [form] = await tx
    .insert(esgForms)
    .values({
      code: ESG_STARTER_CODE,
      orderNumber: (last?.value ?? 0) + 1,
      title: input.title,
      description: input.description,
      period: input.period,
      editionId: null,
      status: input.status,
    })
    .returning({ id: esgForms.id });
  if (!form) throw new Error('Inserting the starter ESG form returned nothing');
  await tx.insert(esgFormVersions).values({ formId: form.id, number: 1, definition: input.definition });
  return 1;
}
