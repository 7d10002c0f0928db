import { FormField, Select } from '../../../ui/FormControls';
import { MAPPING_FIELDS, type CsvPreview } from '../csv-preview';

/** The CSV mapping step: a column for each product field (title required) over a preview of the first rows. */
export function CsvMapping({
  preview,
  mapping,
  onChange,
}: {
  preview: CsvPreview;
  mapping: Record<string, string>;
  onChange: (mapping: Record<string, string>) => void;
}) {
  const set = (field: string, header: string) => {
    const next = { ...mapping };
    if (header) next[field] = header;
    else delete next[field];
    onChange(next);
  };
  return (
    <div className="flex flex-col gap-4" data-testid="import-mapping">
      <div>
        <h3 className="text-sm font-semibold text-slate-900">Match the columns</h3>
        <p className="text-xs text-slate-500">Pick the column that fills each field. Only the title is required; leave the rest on “Not imported”.</p>
      </div>
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-3">
        {MAPPING_FIELDS.map((field) => (
          <FormField key={field.key} label={field.key === 'title' ? `${field.label} (required)` : field.label} htmlFor={`import-map-${field.key}`}>
            <Select id={`import-map-${field.key}`} value={mapping[field.key] ?? ''} onChange={(e) => set(field.key, e.target.value)}>
              <option value="">Not imported</option>
              {preview.headers.map((h) => (
                <option key={h} value={h}>
                  {h}
                </option>
              ))}
            </Select>
          </FormField>
        ))}
      </div>
      <div className="rounded-md border border-slate-200">
        <table className="w-full table-fixed text-left text-xs" aria-label="First rows of the file">
          <thead className="bg-slate-50 text-slate-600">
            <tr>
              {preview.headers.map((h) => (
                <th key={h} scope="col" className="px-2 py-1.5 align-top font-medium break-words">
                  {h}
                  {Object.entries(mapping)
                    .filter(([, header]) => header === h)
                    .map(([field]) => (
                      <span key={field} className="ml-1 rounded bg-brand-50 px-1 text-brand-700">
                        → {MAPPING_FIELDS.find((f) => f.key === field)?.label}
                      </span>
                    ))}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {preview.rows.map((row, i) => (
              <tr key={i} className="border-t border-slate-100">
                {preview.headers.map((h, c) => (
                  <td key={h} className="px-2 py-1.5 align-top break-words text-slate-700">
                    {row[c] ?? ''}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}
