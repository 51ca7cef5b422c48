import { ResultsPanel } from '../components/admin-results.tsx';

/** /:lang/admin/application-result: publication, results, reports and the edition's seals. */
export function AdminResultsPage() {
  return <ResultsPanel />;
}
