import { useEffect, useId, useState, type FormEvent } from 'react';
import { useQuery } from '@apollo/client/react';
import { Button } from '../../../ui/Button';
import { FormField, Select } from '../../../ui/FormControls';
import { Loading } from '../../../ui/States';
import { guessMapping, isOwnExport, previewCsv, type CsvPreview } from '../csv-preview';
import { isRunning, useImportJob } from '../hooks/useImportJob';
import { ImportPeopleQuery, MyImportsQuery } from '../import.graphql';
import { startImport, type ImportSourceKey } from '../upload';
import { CsvMapping } from './CsvMapping';
import { ImportProgress } from './ImportProgress';

const SOURCES: { key: ImportSourceKey; label: string; hint: string; accept: string }[] = [
  { key: 'trello', label: 'Trello', hint: 'The board’s JSON: Board menu › Print and export › Export as JSON.', accept: '.json,application/json' },
  { key: 'todoist', label: 'Todoist', hint: 'A project’s CSV: project menu › Export as a template › Download CSV.', accept: '.csv,text/csv' },
  { key: 'csv', label: 'CSV', hint: 'Any spreadsheet saved as CSV with a header row, or an export from this planner.', accept: '.csv,text/csv' },
];

/**
 * Import tasks from Trello, Todoist or a CSV file (docs/API.md, Imports): pick the source and the file,
 * match the CSV's columns over a preview, then follow the progress and read the report. A running
 * import is picked up again after a reload. `forAdmin` adds the choice of whose tasks they become.
 */
export function ImportPanel({ forAdmin = false }: { forAdmin?: boolean }) {
  const id = useId();
  const [source, setSource] = useState<ImportSourceKey>('trello');
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<CsvPreview | null>(null);
  const [mapping, setMapping] = useState<Record<string, string>>({});
  const [skipClosed, setSkipClosed] = useState(false);
  const [assignTo, setAssignTo] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const [jobId, setJobId] = useState<string | null>(null);

  const mine = useQuery(MyImportsQuery, { fetchPolicy: 'network-only' });
  const people = useQuery(ImportPeopleQuery, { skip: !forAdmin });
  const job = useImportJob(jobId);

  // After a reload: the newest import, while it still runs.
  const newest = mine.data?.myImports[0];
  useEffect(() => {
    if (!jobId && newest && isRunning(newest.status)) setJobId(newest.id);
  }, [jobId, newest]);

  const chooseFile = async (chosen: File | null) => {
    setFile(chosen);
    setError(null);
    setPreview(null);
    setMapping({});
    if (!chosen || source !== 'csv') return;
    try {
      const read = await previewCsv(chosen);
      setPreview(read);
      setMapping(isOwnExport(read.headers) ? {} : guessMapping(read.headers));
    } catch {
      setError('This file cannot be read as CSV. Save it from your spreadsheet as “CSV (comma separated)”.');
    }
  };

  const chooseSource = (key: ImportSourceKey) => {
    setSource(key);
    setFile(null);
    setPreview(null);
    setMapping({});
    setError(null);
  };

  const ownExport = !!preview && isOwnExport(preview.headers);
  const needsTitle = source === 'csv' && !!preview && !ownExport && !mapping.title;

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!file) return setError('Choose a file to import.');
    if (needsTitle) return setError('Choose the column that holds the title.');
    setSending(true);
    setError(null);
    try {
      const started = await startImport({
        file,
        source,
        skipClosed,
        assignTo: assignTo || undefined,
        mapping: source === 'csv' && !ownExport ? mapping : undefined,
      });
      setJobId(started);
    } catch (err) {
      setError((err as Error).message);
    } finally {
      setSending(false);
    }
  };

  const reset = () => {
    setJobId(null);
    chooseSource(source);
    void mine.refetch();
  };

  if (jobId) {
    const current = job.data?.importJob;
    return (
      <div className="flex flex-col gap-3">
        {current ? (
          <ImportProgress job={current} />
        ) : job.error ? (
          <p role="alert" className="text-sm text-red-700">
            The import’s progress could not be loaded.
          </p>
        ) : (
          <Loading label="Loading the import..." />
        )}
        {current && !isRunning(current.status) && (
          <div>
            <Button variant="outline" size="sm" onClick={reset}>
              Import another file
            </Button>
          </div>
        )}
      </div>
    );
  }

  const chosen = SOURCES.find((s) => s.key === source)!;
  return (
    <form className="flex flex-col gap-4" onSubmit={(e) => void submit(e)} aria-label="Import tasks">
      <fieldset>
        <legend className="text-sm font-medium text-slate-700">Import from</legend>
        <div className="mt-1.5 inline-flex rounded-md bg-slate-100 p-1" role="radiogroup">
          {SOURCES.map((s) => (
            <label
              key={s.key}
              className="cursor-pointer rounded px-3 py-1.5 text-sm font-medium text-slate-700 has-checked:bg-white has-checked:text-slate-900 has-checked:shadow-sm has-focus-visible:ring-2 has-focus-visible:ring-brand-500"
            >
              <input type="radio" name={`${id}-source`} value={s.key} checked={source === s.key} onChange={() => chooseSource(s.key)} className="sr-only" />
              {s.label}
            </label>
          ))}
        </div>
        <p className="mt-1 text-xs text-slate-500">{chosen.hint}</p>
      </fieldset>

      <FormField label="File" htmlFor={`${id}-file`} hint="Up to 50 MB. Importing the same file again adds nothing new.">
        <input
          key={source}
          id={`${id}-file`}
          type="file"
          accept={chosen.accept}
          onChange={(e) => void chooseFile(e.target.files?.[0] ?? null)}
          className="text-sm text-slate-700 file:mr-3 file:rounded-md file:border-0 file:bg-slate-100 file:px-3 file:py-2 file:text-sm file:font-medium file:text-slate-800 hover:file:bg-slate-200"
        />
      </FormField>

      {preview && ownExport && <p className="text-sm text-slate-600">This is an export from this planner: it reads back as it is, no mapping needed.</p>}
      {preview && !ownExport && <CsvMapping preview={preview} mapping={mapping} onChange={setMapping} />}

      <div className="flex flex-col gap-3 sm:flex-row sm:items-end">
        {forAdmin && (
          <FormField
            label="Import into the tasks of"
            htmlFor={`${id}-assign`}
            className="sm:w-72"
            hint="Cards and rows that name someone go to the person matched."
          >
            <Select id={`${id}-assign`} value={assignTo} onChange={(e) => setAssignTo(e.target.value)}>
              <option value="">Myself</option>
              {(people.data?.users ?? [])
                .filter((u) => u.isActive)
                .map((u) => (
                  <option key={u.id} value={u.id}>
                    {`${u.firstName} ${u.lastName}`.trim() || u.username}
                  </option>
                ))}
            </Select>
          </FormField>
        )}
        <label className="flex items-center gap-2 text-sm text-slate-700 sm:pb-2">
          <input type="checkbox" checked={skipClosed} onChange={(e) => setSkipClosed(e.target.checked)} className="h-4 w-4 rounded border-slate-300" />
          Skip finished and archived items
        </label>
      </div>

      {error && (
        <p role="alert" className="text-sm text-red-700">
          {error}
        </p>
      )}
      <div>
        <Button type="submit" disabled={!file || sending || needsTitle}>
          {sending ? 'Uploading…' : 'Start import'}
        </Button>
      </div>
    </form>
  );
}
