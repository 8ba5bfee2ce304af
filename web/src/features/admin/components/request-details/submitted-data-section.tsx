import { displayValue, fieldLabel, type FormValues } from '../../utils/form-fields';
import { DetailList } from '../../../../components/detail-list';

/** Every submitted field as the server keeps it (tax IDs only as their last four digits), and as raw JSON. */
export function SubmittedDataSection({ formData }: { formData: FormValues }) {
  const entries = Object.entries(formData);
  return (
    <section className="admin-card" aria-labelledby="submitted-data">
      <h2 id="submitted-data">All Submitted Data</h2>
      {entries.length === 0 ? (
        <p className="muted">No form data.</p>
      ) : (
        <DetailList rows={entries.map(([key, value]) => [fieldLabel(key), displayValue(value)])} />
      )}
      <details className="raw-json">
        <summary>Raw JSON</summary>
        <pre>{JSON.stringify(formData, null, 2)}</pre>
      </details>
    </section>
  );
}
