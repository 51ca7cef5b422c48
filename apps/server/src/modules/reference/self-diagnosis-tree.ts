import type { SelfDiagnosisTree } from '@excelencia/domain';
import type { Executor } from '../../db/client.ts';
import { selfDiagnosisLevels } from './reference.repository.ts';

function groupBy<T, K>(rows: T[], key: (row: T) => K): Map<K, T[]> {
  const out = new Map<K, T[]>();
  for (const row of rows) {
    const group = out.get(key(row));
    if (group) group.push(row);
    else out.set(key(row), [row]);
  }
  return out;
}

const node = (row: {
  id: string;
  code: string;
  description: { pt: string; en: string; fr: string };
  sortOrder: number;
  accountCodes: string[];
}) => ({
  id: row.id,
  code: row.code,
  description: row.description,
  sortOrder: row.sortOrder,
  accountCodes: row.accountCodes,
});

/** The whole tree: headings → sub-headings → categories → sub-categories, each level by sortOrder then code. */
export async function selfDiagnosisTree(db: Executor): Promise<SelfDiagnosisTree> {
  const [headings, subHeadings, categories, subCategories] = await selfDiagnosisLevels(db);
  const subCategoriesOf = groupBy(subCategories, (row) => row.categoryId);
  const categoriesOf = groupBy(categories, (row) => row.subHeadingId);
  const subHeadingsOf = groupBy(subHeadings, (row) => row.headingId);
  return headings.map((heading) => ({
    ...node(heading),
    nature: heading.nature,
    subHeadings: (subHeadingsOf.get(heading.id) ?? []).map((subHeading) => ({
      ...node(subHeading),
      categories: (categoriesOf.get(subHeading.id) ?? []).map((category) => ({
        ...node(category),
        subCategories: (subCategoriesOf.get(category.id) ?? []).map(node),
      })),
    })),
  }));
}
