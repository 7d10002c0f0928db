import { SHARE_FILES_FIELD, shareTextFields } from '../../../schema/domain/share-target';

/** A shared form's text fields (those with text) and its files (the parts with a name). */
export function readShareForm(form: FormData): { fields: Record<string, string>; files: File[] } {
  // A form without a chosen file still sends one empty part, with no name.
  const files = form.getAll(SHARE_FILES_FIELD).filter((part): part is File => typeof part !== 'string' && part.name !== '');
  return { fields: shareTextFields((name) => form.get(name)), files };
}
