import type { ReactElement } from 'react';
import { usePageDef } from '../../../lib/page-def.ts';
import { partners } from '../../partners/components/partners-screen.tsx';
import { users } from '../../users/components/users-screen.tsx';
import { ReferenceResourcePage } from '../components/reference-resource-page.tsx';
import {
  caeDivisions,
  caeSections,
  cities,
  companySituations,
  companyTypes,
  criterionTypes,
  employeeRanges,
  islands,
  partnerEntities,
  partnerTypes,
} from '../screens/basic-screens.tsx';
import { criteria } from '../screens/criteria-screen.tsx';
import { categories, headings, subCategories, subHeadings } from '../screens/self-diagnosis-screens.tsx';

/** The admin's parametrization screens by menu path (docs/adr/0006). */
const SCREENS: Readonly<Record<string, () => ReactElement>> = {
  '/admin/admin': () => <ReferenceResourcePage config={users} />,
  '/admin/company-type': () => <ReferenceResourcePage config={companyTypes} />,
  '/admin/employee-range': () => <ReferenceResourcePage config={employeeRanges} />,
  '/admin/section': () => <ReferenceResourcePage config={caeSections} />,
  '/admin/devision': () => <ReferenceResourcePage config={caeDivisions} />,
  '/admin/islands': () => <ReferenceResourcePage config={islands} />,
  '/admin/cities': () => <ReferenceResourcePage config={cities} />,
  '/admin/criterion-type': () => <ReferenceResourcePage config={criterionTypes} />,
  '/admin/criterion': () => <ReferenceResourcePage config={criteria} />,
  '/admin/company-situation': () => <ReferenceResourcePage config={companySituations} />,
  '/admin/partners-type': () => <ReferenceResourcePage config={partnerTypes} />,
  '/admin/partners-entities': () => <ReferenceResourcePage config={partnerEntities} />,
  '/admin/partners': () => <ReferenceResourcePage config={partners} />,
  '/admin/self-diagnosis/headings': () => <ReferenceResourcePage config={headings} />,
  '/admin/self-diagnosis/sub-headings': () => <ReferenceResourcePage config={subHeadings} />,
  '/admin/self-diagnosis/categories': () => <ReferenceResourcePage config={categories} />,
  '/admin/self-diagnosis/sub-categories': () => <ReferenceResourcePage config={subCategories} />,
};

/** Every path that has a screen here (the menu's 'reference' items must all be among them). */
export const REFERENCE_SCREEN_PATHS: readonly string[] = Object.keys(SCREENS);

/** The parametrization screen of the current menu item; its state resets when the path changes. */
export function ReferencePage() {
  const page = usePageDef();
  const Screen = page ? SCREENS[page.path] : undefined;
  return Screen && page ? <Screen key={page.path} /> : null;
}
